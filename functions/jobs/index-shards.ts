import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withMetrics } from '../runtime/metrics.js';
import { migrateUserListShards } from '../domains/users/index.js';
import { migrateTagListShards } from '../domains/tags/index.js';
import { migrateFileListShards } from '../domains/files/index.js';

/**
 * Moves index keys written before the list shards (D189, D191, D192) to their sharded form, then marks
 * each migration done (reads stop reading the legacy partition). Daily, resumable and idempotent:
 * once done it costs a Query of each empty legacy partition. `npm run job -- index-shards` runs it
 * right after a deploy (docs/deploy.md).
 */
const JOB = 'index-shards';
const JOB_BUDGET_MS = 840_000;

async function run(_event?: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  const log = createLogger({ job: JOB });
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const users = await migrateUserListShards(deadline);
  const tags = await migrateTagListShards(deadline);
  const files = await migrateFileListShards(deadline);
  const result = { job: JOB, users, tags, files };
  log.info('index shards migrated', result);
  return result;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics(JOB, run));
