import type { Logger } from '../../runtime/log.js';
import { scheduledEntries } from '../users/index.js';
import { finishPendingStudyDeletions } from '../studies/index.js';
import { sweepPendingImages, type PendingImageSweep } from '../exams/index.js';
import { finishPendingResultsDeletions } from './question-stats-deletion.js';
import { runReset } from './reset.js';
import { cleanupOldestResults } from './retention.js';

/**
 * Retention cleanup, daily at 18:00 UTC (docs/architecture.md §5, §2.6 L22). Finds its users
 * without a Scan: one Query per shard of the sparse gsi2 `SCHEDULED#0..15`, filtered to
 *
 * * USER items with `retention_cleanup_enabled` — their oldest `retention_cleanup_percentage` %
 *   of results go, with what they contributed to the question statistics
 *   (retention.ts);
 * * COUNTERS items with an unfinished statistics reset (`stats_reset_cutoff`, sort key
 *   `<userId>#RESET`) — the reset is finished (reset.ts).
 *
 * (The daily-quiz-email job reads the same shards with its own filter.) Users are handled one by
 * one until the job's time is nearly spent; one user's failure is logged and the job moves on.
 * At scale the job becomes a coordinator fanning the 16 shards out to workers (§5).
 */
export interface CleanupReport {
  users: number;
  deleted: number;
  resets: number;
  unfinished: number;
  studyDeletions: { studies: number; unfinished: number };
  resultsDeletions: { exams: number; unfinished: number };
  /** Question images uploaded and never used by a question past their expiry (D179). */
  images: PendingImageSweep;
}

/** The retention-cleanup job's work, until `deadline` (functions/jobs/retention-cleanup.ts runs it). */
export async function runRetentionCleanup(deadline: number, log: Logger): Promise<CleanupReport> {
  const entries = await scheduledEntries();
  const users = new Set<string>();
  let deleted = 0;
  let resets = 0;
  let unfinished = 0;
  for (const entry of entries) {
    if (Date.now() >= deadline) {
      unfinished++;
      continue;
    }
    try {
      users.add(entry.userId);
      if (entry.kind === 'reset') {
        const outcome = await runReset(entry.userId, entry.cutoff, deadline);
        resets++;
        if (!outcome.completed) unfinished++;
      } else {
        const outcome = await cleanupOldestResults(entry.userId, entry.percentage, deadline);
        deleted += outcome.deleted;
        if (!outcome.completed) unfinished++;
      }
    } catch (error) {
      log.error('cleanup of a user failed', {
        userId: entry.userId,
        kind: entry.kind,
        error: (error as Error).message,
      });
    }
  }
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
  return { users: users.size, deleted, resets, unfinished, studyDeletions, resultsDeletions, images };
}
