import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { METRIC, countMetric, withMetrics } from '../runtime/metrics.js';
import {
  RECIPIENT_SHARDS,
  reachedOf,
  recipientCount,
  ShardSendsFailed,
  type ShardCounts,
  type ShardReport,
  type ShardTask,
} from '../domains/mail/index.js';
import { FAN_OUT_RETRY } from '#shared/domain/job-retry.js';
import { handler as runShard } from './daily-quiz-email-worker.js';
import { runFanOut } from './fan-out.js';
import { withTrace } from '../runtime/tracing.js';
import { SWITCH, isSwitchOn } from '../runtime/switches.js';

/**
 * Daily quiz email, 22:00 UTC (07:00 KST; docs/architecture.md §5). The coordinator: it fans the
 * 16 recipient shards (`SCHEDULED#0..15`) out to the worker (daily-quiz-email-worker.ts), each
 * shard invoked again from its cursor until done, a shard whose sends failed retried with backoff
 * (docs/decisions/jobs.md D336).
 *
 * * In AWS (docs/decisions/mail.md D65) a Step Functions state machine asks for the plan
 *   (`{mode: 'plan'}` → one task per shard, all with this run's time, and the recipients
 *   expected), runs the worker Lambda per task, four at a time, and ends with
 *   `{mode: 'finish', expected, reports}`: the expected and reached counts, published together.
 * * Locally (`npm run job -- daily-quiz-email`, the local scheduler) any other event runs the same
 *   plan, worker and finish in this process, four shards at a time.
 */
const JOB = 'daily-quiz-email';
const PARALLEL_SHARDS = 4;

async function plan(at: string): Promise<{ tasks: ShardTask[]; expected: number }> {
  const counts = await Promise.all(RECIPIENT_SHARDS.map((shard) => recipientCount(shard)));
  return { tasks: RECIPIENT_SHARDS.map((shard) => ({ shard, at })), expected: counts.reduce((a, b) => a + b, 0) };
}

/** The finish step: expected and reached in one invocation, so the alarm compares a finished run's figures. */
function finish(expected: number, reports: unknown[]): { expected: number; reached: number } {
  let reached = 0;
  for (const report of reports) {
    const total = (report as { total?: ShardCounts } | null)?.total;
    if (total) reached += reachedOf(total);
  }
  countMetric(METRIC.dailyMailsExpected, expected);
  countMetric(METRIC.dailyMailsReached, reached);
  return { expected, reached };
}

type LambdaContext = { getRemainingTimeInMillis?: () => number };
type FinishEvent = { mode: 'finish'; expected?: number; reports?: unknown[] };

async function run(event: { mode: 'plan' }): Promise<Awaited<ReturnType<typeof plan>>>;
async function run(event: FinishEvent): Promise<ReturnType<typeof finish>>;
async function run(event?: unknown, context?: LambdaContext): Promise<Awaited<ReturnType<typeof runInProcess>>>;
async function run(event?: unknown, context?: LambdaContext) {
  const at = new Date().toISOString();
  const mode = (event as { mode?: unknown } | undefined)?.mode;
  if (mode === 'finish')
    return finish(Number((event as FinishEvent).expected) || 0, (event as FinishEvent).reports ?? []);
  countMetric(METRIC.jobRunStarted);
  if (mode === 'plan') {
    // A paused mail plans no shard and expects no mail (the workers check again, for a pause during a run).
    if (!(await isSwitchOn(SWITCH.dailyMail))) {
      countMetric(METRIC.jobsPaused);
      createLogger({ job: JOB }).warn('daily mail paused by its switch; no shard planned', {
        switch: SWITCH.dailyMail,
      });
      return { tasks: [], expected: 0 };
    }
    return plan(at);
  }
  return runInProcess(at, context);
}

async function runInProcess(at: string, context?: LambdaContext) {
  const log = createLogger({ job: JOB });
  let unfinished = 0;
  let failedSends = 0;
  const { plans, reports, deadLetters } = await runFanOut({
    plan: () => plan(at),
    work: async (task: ShardTask): Promise<ShardReport> => {
      try {
        const report = await runShard(task, context);
        // In a Lambda (a context with a clock) a shard left unfinished waits for the next run.
        if (!report.done && context?.getRemainingTimeInMillis) {
          unfinished++;
          return { ...report, done: true };
        }
        return report;
      } catch (error) {
        if (error instanceof ShardSendsFailed) failedSends += error.report.counts.failed;
        throw error;
      }
    },
    parallel: PARALLEL_SHARDS,
    retry: FAN_OUT_RETRY,
    log,
  });
  const { expected, reached } = finish(Number(plans[0]?.expected ?? 0), reports);
  const totals: ShardCounts = { sent: 0, 'already-claimed': 0, 'not-eligible': 0, 'no-quiz': 0, failed: failedSends };
  // Failures of a thrown (retried) invocation are in no report; a rejected address's are.
  for (const report of reports)
    for (const key of ['sent', 'already-claimed', 'not-eligible', 'no-quiz', 'failed'] as const)
      totals[key] += report.total[key];
  const result = {
    job: JOB,
    at,
    expected,
    reached,
    sent: totals.sent,
    skipped: totals['already-claimed'] + totals['not-eligible'] + totals['no-quiz'],
    failed: totals.failed,
    unfinishedShards: unfinished,
    pausedShards: reports.filter((report) => report.paused).length,
    deadLetters: deadLetters.length,
    outcomes: totals,
  };
  log.info('daily quiz email finished', result);
  return result;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics(JOB, withTrace(JOB, run)));
