import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withMetrics } from '../runtime/metrics.js';
import { cleanupShard, runCleanupSweeps, type CleanupTask } from '../domains/results/index.js';
import { removeExpiredExports } from '../domains/accounts/index.js';
import { withTrace } from '../runtime/tracing.js';

/** The retention-cleanup worker: one shard from its cursor, or the sweeps (domains/results/retention-cleanup.ts). */
const JOB_BUDGET_MS = 840_000;
const log = createLogger({ job: 'retention-cleanup-worker' });

export async function cleanupTask(task: CleanupTask, deadline: number) {
  if ('sweeps' in task) {
    const sweeps = await runCleanupSweeps(deadline, log);
    // Background exports (D195) are kept a day; the bucket's lifecycle rule is not relied on (s3rver has none).
    return { ...task, ...sweeps, expired_exports: await removeExpiredExports(), done: true as const };
  }
  return { ...task, ...(await cleanupShard(task.shard, deadline, log)) };
}

async function run(task: CleanupTask, context?: { getRemainingTimeInMillis?: () => number }) {
  const remaining = context?.getRemainingTimeInMillis?.();
  return cleanupTask(task, Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS));
}

/** The worker's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(
  withMetrics('retention-cleanup-worker', withTrace('retention-cleanup-worker', run)),
);
