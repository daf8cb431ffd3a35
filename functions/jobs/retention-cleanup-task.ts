import type { Logger } from '../runtime/log.js';
import { cleanupShard, runCleanupSweeps, type CleanupTask } from '../domains/results/index.js';
import { removeExpiredExports } from '../domains/accounts/index.js';

/** One retention-cleanup task: a shard from its cursor, or the sweeps (the worker's and the in-process run's). */
export async function cleanupTask(task: CleanupTask, log: Logger, deadline: number) {
  if ('sweeps' in task) {
    const sweeps = await runCleanupSweeps(deadline, log);
    // Background exports (D195) are kept a day; the bucket's lifecycle rule is not relied on (s3rver has none).
    return { ...task, ...sweeps, expired_exports: await removeExpiredExports(), done: true as const };
  }
  return { ...task, ...(await cleanupShard(task.shard, deadline, log)) };
}
