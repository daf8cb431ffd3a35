import type { Logger } from '../../runtime/log.js';
import { readJobCursor, saveJobCursor } from '../../runtime/data/job-cursor.js';
import { scheduledEntryPages, SCHEDULED_SHARDS, type ScheduledEntry } from '../users/index.js';
import { finishPendingStudyDeletions } from '../studies/index.js';
import { sweepPendingImages, type PendingImageSweep } from '../exams/index.js';
import { finishPendingResultsDeletions } from './question-stats-deletion.js';
import { runReset } from './reset.js';
import { cleanupOldestResults } from './retention.js';

/**
 * Retention cleanup, daily at 18:00 UTC (docs/architecture.md §5, §2.6 L22), fanned out
 * (docs/decisions/jobs.md D335): one task per shard of the sparse gsi2 `SCHEDULED#0..15`, filtered to
 *
 * * USER items with `retention_cleanup_enabled` — their oldest `retention_cleanup_percentage` %
 *   of results go, with what they contributed to the question statistics (retention.ts);
 * * COUNTERS items with an unfinished statistics reset (`stats_reset_cutoff`, sort key
 *   `<userId>#RESET`) — the reset is finished (reset.ts);
 *
 * and one task for the sweeps (pending study and results deletions, unused images). A shard is
 * read a page at a time from its cursor (kept on the job's item between invocations and runs):
 * a page whose users all finished moves the cursor on, a page cut short by the deadline is read
 * again next time (each cleanup is idempotent). One user's failure is logged and the walk goes on.
 */
const JOB = 'retention-cleanup';

export type CleanupTask = { shard: number } | { sweeps: true };

export interface ShardCleanup {
  users: number;
  deleted: number;
  resets: number;
  unfinished: number;
}

export interface CleanupSweeps {
  studyDeletions: { studies: number; unfinished: number };
  resultsDeletions: { exams: number; unfinished: number };
  /** Question images uploaded and never used by a question past their expiry (D179). */
  images: PendingImageSweep;
}

/** The plan: every shard and the sweeps. */
export function planRetentionCleanup(): { tasks: CleanupTask[] } {
  return { tasks: [...Array.from({ length: SCHEDULED_SHARDS }, (_, shard) => ({ shard })), { sweeps: true }] };
}

/** One shard from its stored cursor until its end (`done`) or `deadline`. */
export async function cleanupShard(
  shard: number,
  deadline: number,
  log: Logger,
  /** `maxPages`: stop after so many pages (done: false), as a deadline would. */
  options: { pageSize?: number; walk?: string; maxPages?: number } = {},
): Promise<ShardCleanup & { done: boolean }> {
  const walk = `${options.walk ?? 'shard'}#${shard}`;
  const counts: ShardCleanup = { users: 0, deleted: 0, resets: 0, unfinished: 0 };
  const startKey = await readJobCursor(JOB, walk);
  let pages = 0;
  for await (const page of scheduledEntryPages(shard, { startKey, pageSize: options.pageSize })) {
    pages++;
    let finished = true;
    for (const entry of page.entries) {
      if (Date.now() >= deadline) {
        finished = false;
        break;
      }
      if (!(await cleanupEntry(entry, deadline, counts, log))) finished = false;
    }
    if (!finished) return { ...counts, done: false };
    await saveJobCursor(JOB, walk, page.lastKey);
    if (page.lastKey && (Date.now() >= deadline || pages >= (options.maxPages ?? Infinity)))
      return { ...counts, done: false };
  }
  return { ...counts, done: true };
}

/** False when the entry's work stopped at the deadline (the page is read again). */
async function cleanupEntry(entry: ScheduledEntry, deadline: number, counts: ShardCleanup, log: Logger) {
  counts.users++;
  try {
    if (entry.kind === 'reset') {
      const outcome = await runReset(entry.userId, entry.cutoff, deadline);
      counts.resets++;
      if (!outcome.completed) counts.unfinished++;
      return outcome.completed;
    }
    const outcome = await cleanupOldestResults(entry.userId, entry.percentage, deadline);
    counts.deleted += outcome.deleted;
    if (!outcome.completed) counts.unfinished++;
    return outcome.completed;
  } catch (error) {
    log.error('cleanup of a user failed', { userId: entry.userId, kind: entry.kind, error: (error as Error).message });
    return true;
  }
}

/** The sweeps task: work that outgrew its request, and uploads no question took up. */
export async function runCleanupSweeps(deadline: number, log: Logger): Promise<CleanupSweeps> {
  // Study deletions that did not finish inside their DELETE request (S12) finish here.
  const studyDeletions = await finishPendingStudyDeletions(deadline).catch((error: Error) => {
    log.error('pending study deletions failed', { error: error.message });
    return { studies: 0, unfinished: 0 };
  });
  // So do admins' "delete everyone's results of an exam" (L13) that outgrew their request.
  const resultsDeletions = await finishPendingResultsDeletions(deadline).catch((error: Error) => {
    log.error('pending results deletions failed', { error: error.message });
    return { exams: 0, unfinished: 0 };
  });
  // Uploads no question took up within their day (D179).
  const images = await sweepPendingImages(new Date(), deadline).catch((error: Error) => {
    log.error('pending image sweep failed', { error: error.message });
    return { expired: 0, deleted: 0, unfinished: 0 };
  });
  return { studyDeletions, resultsDeletions, images };
}
