import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withMetrics } from '../runtime/metrics.js';
import { runRetentionCleanup } from '../domains/results/index.js';
import { withTrace } from '../runtime/tracing.js';
import { removeExpiredExports } from '../domains/accounts/index.js';

/** Retention cleanup, daily at 18:00 UTC: the results domain's runRetentionCleanup (domains/results/retention-cleanup.ts) within the Lambda's time. */
const JOB = 'retention-cleanup';
/** The schedule's Lambda timeout is 900 s; stop starting work a minute before. */
const JOB_BUDGET_MS = 840_000;

async function run(_event?: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  const log = createLogger({ job: JOB });
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const result = {
    job: JOB,
    ...(await runRetentionCleanup(deadline, log)),
    // Background exports (D195) are kept a day; the bucket's lifecycle rule is not relied on (s3rver has none).
    expired_exports: await removeExpiredExports(),
  };
  log.info('retention cleanup finished', result);
  return result;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics('retention-cleanup', withTrace('retention-cleanup', run)));
