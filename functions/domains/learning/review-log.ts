import type { FsrsCard, FsrsStateName } from './fsrs.js';
import { reviewLogEntity, type ReviewLogRecord, type ReviewRow } from './entities/review-log.js';
import { config } from '../../runtime/config.js';
import type { TransactItem } from '../../runtime/data/db.js';
import { reviewCalendarEntity } from './entities/review-calendar.js';

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

/**
 * What one write that grades answers adds to its transaction: the review-log item of its rows and
 * the count of its learner day (`learnerDay`, YYYY-MM-DD) on `REVCAL#<year>` — nothing when it
 * graded nothing. The transaction that carries them applies once (a claim or a cursor condition),
 * so the day is counted once too.
 */
export function reviewLogWrites(
  userId: string,
  source: string,
  record: ReviewLogRecord,
  learnerDay: string,
): TransactItem[] {
  if (!record.reviews.length) return [];
  // Exam answers count against the Review screen's daily limits like its grades (D186): a card
  // answered while new is a new card of the day, one answered in review a review.
  const limits = {
    new: record.reviews.filter((row) => row[3] === STATE_CODES.new).length,
    reviews: record.reviews.filter((row) => row[3] === STATE_CODES.review).length,
  };
  return [
    { Put: { TableName: config.appTable, Item: reviewLogEntity.item(userId, source, record) } },
    reviewCalendarUpdate(userId, learnerDay, record.reviews.length, limits),
  ];
}

/** Adds `count` reviews (negative: takes them back, an undo) to a learner day `YYYY-MM-DD` of the review calendar. */
export function reviewCalendarUpdate(
  userId: string,
  learnerDay: string,
  count: number,
  /** New cards and reviews of exam answers, counted against the day's limits (D186); Review grades count on REVDAY. */
  limits?: { new: number; reviews: number },
): TransactItem {
  const names = reviewCalendarEntity.limitAttributes(learnerDay);
  return {
    Update: {
      TableName: config.appTable,
      Key: reviewCalendarEntity.key(userId, learnerDay.slice(0, 4)),
      UpdateExpression: limits
        ? 'SET #type = :type ADD #day :n, #new :new, #rev :rev'
        : 'SET #type = :type ADD #day :n',
      ExpressionAttributeNames: {
        '#type': 'type',
        '#day': reviewCalendarEntity.attribute(learnerDay),
        ...(limits ? { '#new': names.new, '#rev': names.reviews } : {}),
      },
      ExpressionAttributeValues: {
        ':type': reviewCalendarEntity.type,
        ':n': count,
        ...(limits ? { ':new': limits.new, ':rev': limits.reviews } : {}),
      },
    },
  };
}
