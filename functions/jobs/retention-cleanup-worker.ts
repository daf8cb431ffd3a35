import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withMetrics } from '../runtime/metrics.js';
import type { CleanupTask } from '../domains/results/index.js';
import { cleanupTask } from './retention-cleanup-task.js';
import { withTrace } from '../runtime/tracing.js';

/** The retention-cleanup worker: one shard from its cursor, or the sweeps (domains/results/retention-cleanup.ts). */
const JOB_BUDGET_MS = 840_000;
const log = createLogger({ job: 'retention-cleanup-worker' });

async function run(task: CleanupTask, context?: { getRemainingTimeInMillis?: () => number }) {
  const remaining = context?.getRemainingTimeInMillis?.();
  return cleanupTask(task, log, Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS));
}

/** The worker's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(
  withMetrics('retention-cleanup-worker', withTrace('retention-cleanup-worker', run)),
);
