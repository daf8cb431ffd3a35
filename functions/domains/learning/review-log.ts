import type { FsrsCard, FsrsStateName } from './fsrs.js';
import { reviewLogEntity, type ReviewLogRecord, type ReviewRow } from './entities/review-log.js';
import type { StoredItem } from '../../runtime/data/item.js';

const STATE_CODES: Record<FsrsStateName, number> = { new: 0, learning: 1, review: 2, relearning: 3 };

/** One graded answer as the review log keeps it (entities/review-log.ts). */
export function reviewRow(
  questionId: string,
  before: FsrsCard | undefined,
  after: FsrsCard,
  /** Right (Good) or wrong (Again), or a Review-screen rating 1–4. */
  answer: boolean | number,
  seconds: number | undefined,
): ReviewRow {
  return [
    questionId,
    typeof answer === 'number' ? answer : answer ? 3 : 1,
    before?.last_review ? Number(after.elapsed_days) : 0,
    STATE_CODES[before?.state ?? 'new'] ?? 0,
    STATE_CODES[after.state] ?? 0,
    typeof seconds === 'number' && Number.isFinite(seconds) ? Math.round(seconds) : -1,
  ];
}

/** The item of one write's review rows, or null when the write graded nothing. */
export function reviewLogItem(userId: string, source: string, record: ReviewLogRecord): StoredItem | null {
  return record.reviews.length ? reviewLogEntity.item(userId, source, record) : null;
}
