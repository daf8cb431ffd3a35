import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { deliverShard, type ShardReport, type ShardTask } from '../domains/mail/index.js';

export type { ShardReport, ShardTask };

/** The daily mail worker: one shard of the recipients within this invocation's time (domains/mail/daily-quiz-shard.ts). */
const JOB_BUDGET_MS = 840_000;

const log = createLogger({ job: 'daily-quiz-email-worker' });

async function run(task: ShardTask, context?: { getRemainingTimeInMillis?: () => number }): Promise<ShardReport> {
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  return deliverShard(task, deadline, log);
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(run);
