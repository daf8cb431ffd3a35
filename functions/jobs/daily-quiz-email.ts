import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { METRIC, countMetric, withMetrics } from '../runtime/metrics.js';
import { RECIPIENT_SHARDS } from '../domains/mail/index.js';
import { handler as runShard, type ShardReport, type ShardTask } from './daily-quiz-email-worker.js';
import { withTrace } from '../runtime/tracing.js';
import { SWITCH, isSwitchOn } from '../runtime/switches.js';

/**
 * Daily quiz email, 22:00 UTC (07:00 KST; docs/architecture.md §5). The coordinator: it fans the
 * 16 recipient shards (`SCHEDULED#0..15`) out to the worker (daily-quiz-email-worker.ts), each
 * shard invoked again from its cursor until done.
 *
 * * In AWS (docs/decisions/mail.md D65) a Step Functions state machine asks for the plan
 *   (`{mode: 'plan'}` → one task per shard, all with this run's time) and runs the worker
 *   Lambda per task, four at a time.
 * * Locally (`npm run job -- daily-quiz-email`, the local scheduler) any other event runs the same
 *   plan with the same worker handler in this process, four shards at a time.
 */
const JOB = 'daily-quiz-email';
const PARALLEL_SHARDS = 4;

function plan(at: string): { tasks: ShardTask[] } {
  return { tasks: RECIPIENT_SHARDS.map((shard) => ({ shard, at })) };
}

type LambdaContext = { getRemainingTimeInMillis?: () => number };

async function run(event: { mode: 'plan' }): Promise<{ tasks: ShardTask[] }>;
async function run(event?: unknown, context?: LambdaContext): Promise<Awaited<ReturnType<typeof runInProcess>>>;
async function run(event?: unknown, context?: LambdaContext) {
  const at = new Date().toISOString();
  if ((event as { mode?: unknown } | undefined)?.mode === 'plan') {
    // A paused mail plans no shard (the workers check again, for a pause during a run).
    if (!(await isSwitchOn(SWITCH.dailyMail))) {
      countMetric(METRIC.jobsPaused);
      createLogger({ job: JOB }).warn('daily mail paused by its switch; no shard planned', {
        switch: SWITCH.dailyMail,
      });
      return { tasks: [] };
    }
    return plan(at);
  }
  return runInProcess(at, context);
}

async function runInProcess(at: string, context?: LambdaContext) {
  const log = createLogger({ job: JOB });
  const totals: ShardReport['counts'] = { sent: 0, 'already-claimed': 0, 'not-eligible': 0, 'no-quiz': 0, failed: 0 };
  const pending = plan(at).tasks;
  let unfinished = 0;
  let paused = 0;
  const work = async () => {
    for (let task = pending.shift(); task !== undefined; task = pending.shift()) {
      const add = (report: ShardReport) => {
        for (const [outcome, n] of Object.entries(report.counts)) totals[outcome as keyof typeof totals] += n;
        return report;
      };
      let report = add(await runShard(task, context));
      // In a Lambda (a context with a clock) a shard left unfinished waits for the next run.
      while (!report.done && report.cursor && !context?.getRemainingTimeInMillis)
        report = add(await runShard({ ...task, cursor: report.cursor }));
      if (report.paused) paused++;
      if (!report.done) unfinished++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SHARDS }, work));
  const result = {
    job: JOB,
    at,
    sent: totals.sent,
    skipped: totals['already-claimed'] + totals['not-eligible'] + totals['no-quiz'],
    failed: totals.failed,
    unfinishedShards: unfinished,
    pausedShards: paused,
    outcomes: totals,
  };
  log.info('daily quiz email finished', result);
  return result;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics(JOB, withTrace(JOB, run)));
