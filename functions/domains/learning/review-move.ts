import { addDays, learnerDay, learnerDayStart, type LearnerDaySettings } from '#shared/domain/learner-day.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { conflict } from '../../runtime/http/app-error.js';
import { DATED_FROM, questionStatEntity } from './entities/question-stat.js';
import type { ReviewMoveRecord } from './entities/review-move.js';
import { MOVED_RATING, type ReviewLogRecord } from './entities/review-log.js';
import { elapsedLearnerDays, schedulerFor, type FsrsCard, type LearnerScheduler, type SchedulingUser } from './fsrs.js';
import { dueIndexBetween, getMove, MoveReplayed, MoveStatChanged, writeMove } from './workload-store.js';

/**
 * Postpone and advance (D328, D329): move N review cards later or earlier, least harm to retention
 * first, in one transaction with a claim, so a retried request moves them once.
 */

export type MoveDirection = 'postpone' | 'advance';

const STATE_REVIEW = 2;

/** Due-index entries read at most to choose from (one Query page). */
export const MOVE_CANDIDATE_CAP = 300;
/** How far a postponed card goes: its interval lengthened by this share (at least a day past today). */
export const POSTPONE_STRETCH = 0.075;

export interface MoveCandidate {
  questionId: string;
  card: FsrsCard;
}

export interface PlannedMove {
  questionId: string;
  /** Learner days: the due day before and after. */
  from: string;
  to: string;
  /** Interval from the last review's day to the new due day. */
  interval: number;
}

const lastReviewDay = (card: FsrsCard, day: LearnerDaySettings) =>
  learnerDay(new Date(card.last_review ?? card.due), day);

/**
 * Which cards to postpone and where (pure): review cards due by today, each moved to the day its
 * interval lengthened by {@link POSTPONE_STRETCH} reaches (never before tomorrow). Least harm first:
 * the smallest drop of recall probability between today and the new day.
 */
export function planPostpone(
  candidates: MoveCandidate[],
  count: number,
  today: string,
  scheduler: LearnerScheduler,
): PlannedMove[] {
  const plans = candidates
    .filter(({ card }) => card.state === 'review' && learnerDay(new Date(card.due), scheduler.day) <= today)
    .map(({ questionId, card }) => {
      const last = lastReviewDay(card, scheduler.day);
      const elapsed = Math.max(0, elapsedLearnerDays(card, learnerDayStart(today, scheduler.day), scheduler.day));
      const stretched = Math.ceil(Math.max(1, Number(card.scheduled_days)) * (1 + POSTPONE_STRETCH));
      const interval = Math.max(stretched, elapsed + 1);
      const curve = (days: number) => scheduler.engine.forgetting_curve(days, Number(card.stability));
      const loss = curve(elapsed) - curve(interval);
      return {
        questionId,
        from: learnerDay(new Date(card.due), scheduler.day),
        to: addDays(last, interval),
        interval,
        loss,
      };
    });
  return plans
    .sort((a, b) => a.loss - b.loss || a.questionId.localeCompare(b.questionId))
    .slice(0, count)
    .map(({ questionId, from, to, interval }) => ({ questionId, from, to, interval }));
}

/**
 * Which cards to advance to today (pure): review cards due after today. Least harm first: the
 * lowest recall probability today, the cards closest to their due point, whose early review
 * wastes least of the interval.
 */
export function planAdvance(
  candidates: MoveCandidate[],
  count: number,
  today: string,
  scheduler: LearnerScheduler,
): PlannedMove[] {
  const start = learnerDayStart(today, scheduler.day);
  return candidates
    .filter(({ card }) => card.state === 'review' && learnerDay(new Date(card.due), scheduler.day) > today)
    .map(({ questionId, card }) => ({
      questionId,
      from: learnerDay(new Date(card.due), scheduler.day),
      to: today,
      interval: elapsedLearnerDays(card, start, scheduler.day),
      recall: scheduler.retrievability(card, start),
    }))
    .sort((a, b) => a.recall - b.recall || a.questionId.localeCompare(b.questionId))
    .slice(0, count)
    .map(({ questionId, from, to, interval }) => ({ questionId, from, to, interval }));
}

/** The review cards of the due index in `[from, end)`, at most {@link MOVE_CANDIDATE_CAP} (1 Query). */
async function dueEntries(userId: string, from: string, end: string) {
  const items = await dueIndexBetween(userId, from, end, MOVE_CANDIDATE_CAP);
  return items.filter((item) => item.fsrs && typeof item.fsrs === 'object');
}

export interface MoveAnswer {
  replayed: boolean;
  day: string;
  moved: ReviewMoveRecord['moved'];
}

const answerOf = (record: ReviewMoveRecord, replayed: boolean): MoveAnswer => ({
  replayed,
  day: record.day,
  moved: record.moved,
});

/**
 * Postpones or advances up to `count` of the caller's review cards: 1 Query of the due index (today's
 * and overdue cards, or the next ones), 1 transaction of the claim and the moved statistics; a
 * replayed operation id answers what it did (1 GetItem more).
 */
export async function moveReviews(
  user: SchedulingUser & { id: string },
  input: { operation_id: string; count: number },
  direction: MoveDirection,
  now = new Date(),
): Promise<MoveAnswer> {
  const done = await getMove(user.id, input.operation_id);
  if (done) return answerOf(done, true);
  const scheduler = schedulerFor(user);
  const today = learnerDay(now, scheduler.day);
  const tomorrow = learnerDayStart(addDays(today, 1), scheduler.day).toISOString();
  const items =
    direction === 'postpone'
      ? await dueEntries(user.id, DATED_FROM, tomorrow)
      : await dueEntries(user.id, tomorrow, '9999');
  const byId = new Map(items.map((item) => [String(item.question_id), item]));
  const candidates = items.map((item) => ({ questionId: String(item.question_id), card: item.fsrs as FsrsCard }));
  const plan = (direction === 'postpone' ? planPostpone : planAdvance)(candidates, input.count, today, scheduler);
  const record: ReviewMoveRecord = {
    operation_id: input.operation_id,
    direction,
    day: today,
    moved: plan.map(({ questionId, from, to }) => ({ question_id: questionId, from, to })),
  };
  const stats = plan.map((move) => {
    const previous = byId.get(move.questionId)!;
    return { previous, next: movedStat(user.id, previous, move, scheduler.day) };
  });
  try {
    await writeMove(user.id, record, stats, now, moveLog(record, plan, now));
  } catch (error) {
    if (error instanceof MoveReplayed) {
      const stored = await getMove(user.id, input.operation_id);
      if (stored) return answerOf(stored, true);
    }
    if (error instanceof MoveStatChanged) throw conflict('review_changed');
    throw error;
  }
  return answerOf(record, false);
}

/**
 * The review-log record of a move: one row per moved card with rating {@link MOVED_RATING} (Anki's
 * "manual" entry), the new interval in days, the state unchanged (review) and no time spent. The
 * fitter reads only ratings 1–4 and the measured retention only graded reviews, so a move changes
 * neither; the data export shows it. Its source is the operation, so a replay cannot log it twice.
 */
function moveLog(record: ReviewMoveRecord, plan: PlannedMove[], now: Date): { source: string; log: ReviewLogRecord } {
  return {
    source: `${record.direction}.${record.operation_id}`,
    log: {
      answered_at: now.toISOString(),
      exam_id: '',
      result_id: `${record.direction}.${record.operation_id}`,
      reviews: plan.map(({ questionId, interval }) => [
        questionId,
        MOVED_RATING,
        Math.max(0, interval),
        STATE_REVIEW,
        STATE_REVIEW,
        -1,
      ]),
    },
  };
}

/** The statistic with its card due on the move's day (and its due-index key with it); memory state unchanged. */
function movedStat(userId: string, previous: StoredItem, move: PlannedMove, day: LearnerDaySettings): StoredItem {
  const card = previous.fsrs as FsrsCard;
  const due = learnerDayStart(move.to, day).toISOString();
  return {
    ...previous,
    fsrs: { ...card, due, scheduled_days: Math.max(0, move.interval) },
    version: Number(previous.version ?? 0) + 1,
    ...questionStatEntity.dueIndex(userId, due, move.questionId),
  };
}
