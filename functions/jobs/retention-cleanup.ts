import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { METRIC, countMetric, withMetrics } from '../runtime/metrics.js';
import { planRetentionCleanup, type CleanupTask } from '../domains/results/index.js';
import { withTrace } from '../runtime/tracing.js';
import { FAN_OUT_RETRY } from '#shared/domain/job-retry.js';
import { runFanOut } from './fan-out.js';
import { cleanupTask } from './retention-cleanup-task.js';

/**
 * Retention cleanup, daily at 18:00 UTC: domains/results/retention-cleanup.ts. In AWS a state
 * machine asks this handler for the plan (`{mode: 'plan'}`: 16 shards and the sweeps) and runs
 * retention-cleanup-worker.ts per task until each says done; locally (`npm run job --
 * retention-cleanup`, the local scheduler) any other event runs the same plan and worker here.
 */
const JOB = 'retention-cleanup';
/** The in-process run's budget (the state machine has its own timeout). */
const JOB_BUDGET_MS = 840_000;

type LambdaContext = { getRemainingTimeInMillis?: () => number };

async function run(event: { mode: 'plan' }): Promise<ReturnType<typeof planRetentionCleanup>>;
async function run(event?: unknown, context?: LambdaContext): Promise<Awaited<ReturnType<typeof runInProcess>>>;
async function run(event?: unknown, context?: LambdaContext) {
  countMetric(METRIC.jobRunStarted);
  if ((event as { mode?: unknown } | undefined)?.mode === 'plan') return planRetentionCleanup();
  return runInProcess(context);
}

async function runInProcess(context?: LambdaContext) {
  const log = createLogger({ job: JOB });
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const { reports, deadLetters } = await runFanOut({
    plan: async () => planRetentionCleanup(),
    // In process the whole run shares one budget: a shard cut short keeps its cursor for the next run.
    work: async (task: CleanupTask) => {
      const report = await cleanupTask(task, log, deadline);
      return Date.now() >= deadline ? { ...report, done: true } : report;
    },
    parallel: 4,
    retry: FAN_OUT_RETRY,
    log,
  });
  const result = { job: JOB, users: 0, deleted: 0, resets: 0, unfinished: 0, failed: deadLetters.length };
  let sweeps = {};
  for (const report of reports) {
    if ('sweeps' in report) sweeps = report;
    else for (const key of ['users', 'deleted', 'resets', 'unfinished'] as const) result[key] += report[key];
  }
  const { studyDeletions, resultsDeletions, images, expired_exports } = sweeps as Record<string, unknown>;
  const outcome = { ...result, studyDeletions, resultsDeletions, images, expired_exports };
  log.info('retention cleanup finished', outcome);
  return outcome;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics(JOB, withTrace(JOB, run)));
