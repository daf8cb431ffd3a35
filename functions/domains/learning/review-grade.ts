import { learnerDay, learnerDaySettings } from '#shared/domain/learner-day.js';
import { conflict } from '../../runtime/http/app-error.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { reviewLogEntity } from './entities/review-log.js';
import type { ReviewGradeRecord } from './entities/review-grade.js';
import {
  GRADES,
  reviewFuzzRange,
  schedulerFor,
  type DuePlacement,
  type FsrsCard,
  type SchedulingUser,
} from './fsrs.js';
import { failuresOf, nextStat } from './question-stat.js';
import { reviewRow } from './review-log.js';
import {
  GradeReplayed,
  StatChanged,
  getGrade,
  lastGradeId,
  statItem,
  writeGrade,
  writeUndo,
  writeBury,
  BuryLimit,
  NothingToUndo,
} from './review-store.js';
import { MAX_BURIED_PER_DAY } from '#shared/contracts/review.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';
import { dueCountsInRange, placementFrom, wantsPlacement } from './workload-store.js';

/**
 * A grade of the Review screen: rating 1–4 on one card, applied once per client grade id.
 * The statistic counts it as an answer (Again wrong, Hard/Good/Easy right), the FSRS card advances with
 * the learner's own scheduler, the review log gets one row: all in one transaction (review-store.ts).
 */

export type ReviewUser = CallerUser & SchedulingUser & { easy_days?: unknown; load_balancing?: unknown };

export interface GradeInput {
  grade_id: string;
  question_id: string;
  exam_id: string;
  rating: number;
  seconds?: number;
  graded_at?: string;
}

export interface GradeAnswer {
  replayed: boolean;
  question_id: string;
  due: string;
  state: string;
  lapses: number;
  leech: boolean;
}

/** An offline grade keeps its own time, within the last day and never in the future. */
function gradeTime(gradedAt: string | undefined, now: Date): Date {
  const at = gradedAt ? Date.parse(gradedAt) : NaN;
  if (!Number.isFinite(at)) return now;
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - 86_400_000, at)));
}

const ATTEMPTS = 3;

/**
 * Where the grade's interval lands in its fuzz range (D327): with load balancing or an Easy Day
 * set, the due counts of the range's days, one Query of keys whatever the range (none when the
 * interval is not fuzzed or the learner wants neither).
 */
async function placementOf(
  user: ReviewUser,
  questionId: string,
  before: FsrsCard | undefined,
  grade: (typeof GRADES)[number],
  at: Date,
  scheduler: ReturnType<typeof schedulerFor>,
): Promise<DuePlacement | undefined> {
  if (!wantsPlacement(user)) return undefined;
  const range = reviewFuzzRange(before, grade, at, scheduler.day, scheduler);
  if (!range || range.max <= range.min) return undefined;
  const counts = await dueCountsInRange(user.id, scheduler.day, learnerDay(at, scheduler.day), range, questionId);
  return placementFrom(user, counts);
}

export async function applyReviewGrade(user: ReviewUser, input: GradeInput, now = new Date()): Promise<GradeAnswer> {
  const at = gradeTime(input.graded_at, now);
  const day = learnerDaySettings(user);
  const scheduler = schedulerFor(user);
  const grade = GRADES[input.rating - 1]!;
  for (let attempt = 1; ; attempt++) {
    const previous = await statItem(user.id, input.question_id);
    const before = previous?.fsrs as FsrsCard | undefined;
    // Relearning steps are learning cards, as the queue shows them (D185): they do not spend the review limit.
    const kind = !before || before.state === 'new' ? 'new' : before.state === 'review' ? 'due' : 'learning';
    const place = await placementOf(user, input.question_id, before, grade, at, scheduler);
    const stat = nextStat(user.id, input.question_id, previous ?? undefined, [input.rating > 1], at, input.exam_id, {
      reviews: [grade],
      day,
      scheduler,
      place,
    });
    const source = `review.${input.grade_id}`;
    const answeredAt = at.toISOString();
    const row = reviewRow(input.question_id, before, stat.fsrs, input.rating, input.seconds);
    const revlog = reviewLogEntity.item(user.id, source, {
      answered_at: answeredAt,
      exam_id: input.exam_id,
      result_id: '',
      reviews: [row],
    });
    const answer = {
      due: stat.fsrs.due,
      state: stat.fsrs.state,
      lapses: failuresOf(stat),
      leech: !!stat.leech,
    };
    const record: ReviewGradeRecord = {
      grade_id: input.grade_id,
      question_id: input.question_id,
      exam_id: input.exam_id,
      rating: input.rating,
      day: learnerDay(at, day),
      kind,
      graded_at: answeredAt,
      previous,
      version_after: stat.version,
      revlog_sk: reviewLogEntity.key(user.id, answeredAt, source).sk,
      answer,
      undone: false,
    };
    try {
      await writeGrade({ userId: user.id, grade: record, stat, previous, revlog, now });
      countMetric(METRIC.reviews);
      return { replayed: false, question_id: input.question_id, ...answer };
    } catch (error) {
      if (error instanceof GradeReplayed) {
        const stored = await getGrade(user.id, input.grade_id);
        if (!stored) throw error;
        return { replayed: true, question_id: stored.question_id, ...stored.answer };
      }
      if (error instanceof StatChanged && attempt < ATTEMPTS) continue;
      if (error instanceof StatChanged) throw conflict('review_changed');
      throw error;
    }
  }
}

/**
 * Z: takes back the learner's last grade, or the grade the client names (`gradeId`, several levels:
 * the client undoes its own grades newest first). Null when there is none, it was taken back
 * already, the card was graded since, or a newer grade is still the undo pointer.
 */
export async function undoLastReviewGrade(
  userId: string,
  gradeId?: string,
): Promise<{ question_id: string; exam_id: string } | null> {
  const id = gradeId ?? (await lastGradeId(userId));
  const grade = id ? await getGrade(userId, id) : null;
  if (!grade || grade.undone) return null;
  try {
    await writeUndo(userId, grade, gradeId !== undefined);
  } catch (error) {
    if (error instanceof NothingToUndo) return null;
    throw error;
  }
  return { question_id: grade.question_id, exam_id: grade.exam_id };
}

/** Buries a card until the learner's next day (or brings it back); answers that day. */
export async function buryReviewCard(
  user: ReviewUser,
  questionId: string,
  buried: boolean,
  now = new Date(),
): Promise<string> {
  const day = learnerDay(now, learnerDaySettings(user));
  try {
    await writeBury(user.id, day, questionId, buried, MAX_BURIED_PER_DAY);
  } catch (error) {
    if (error instanceof BuryLimit) throw conflict('review_bury_limit', { max: MAX_BURIED_PER_DAY });
    throw error;
  }
  return day;
}
