import { questionStatEntity } from './entities/question-stat.js';
import {
  isScheduled,
  newCard,
  reviewCard,
  type DuePlacement,
  type FsrsCard,
  type Grade,
  type Scheduler,
} from './fsrs.js';
import { LIMITS } from '#shared/domain/limits.js';
import type { LearnerDaySettings } from '#shared/domain/learner-day.js';
import { ITEM_ABSENT } from '../../runtime/data/db.js';

/**
 * The record of a write of the caller's statistic of one question (entities/question-stat.ts). `question_id`,
 * `total_attempts` and `correct_attempts` are read by create-exam (wrong_only, most_wrong) and
 * wrong-questions; `version` is the optimistic lock every writer conditions on.
 */
export interface QuestionStatItem {
  pk: string;
  sk: string;
  type: 'QSTAT';
  question_id: string;
  total_attempts: number;
  correct_attempts: number;
  last_answered_at: string;
  last_correct: boolean;
  /** The exam the question was last answered in. */
  exam_id: string;
  fsrs: FsrsCard;
  version: number;
  /** Set once the question was failed `LIMITS.leechFailures` times (docs/learning.md "Leeches"). */
  leech?: boolean;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

/** Failures of a question: wrong answers and Again grades (total − correct). */
export const failuresOf = (stat: { total_attempts?: unknown; correct_attempts?: unknown } | undefined): number =>
  Math.max(0, Number(stat?.total_attempts ?? 0) - Number(stat?.correct_attempts ?? 0));

/** Accuracy shown everywhere: rounded correct / total × 100, 0 without attempts (docs/product.md#results). */
export function accuracyOf(total: number, correct: number): number {
  return total > 0 ? Math.round((correct / total) * 100) : 0;
}

/**
 * The statistic after `attempts` answers (in order) to the question. Counts add up; FSRS
 * advances one review per attempt. `previous` may be a legacy item without FSRS or version.
 */
export function nextStat(
  userId: string,
  questionId: string,
  previous: Record<string, unknown> | undefined,
  attempts: boolean[],
  now: Date,
  examId: string,
  options: {
    /** FSRS reviews to apply; by default one per attempt (an accuracy adjustment applies none). */
    reviews?: (boolean | Grade)[];
    /** The learner's day (D120): elapsed days are counted in it. */
    day?: LearnerDaySettings;
    /** The learner's scheduler (their desired retention); the default one when absent. */
    scheduler?: Scheduler;
    /** Where a review's interval lands inside its fuzz range (load balancing, Easy Days); the fuzz's draw when absent. */
    place?: DuePlacement;
  } = {},
): QuestionStatItem {
  let card = previous?.fsrs as FsrsCard | undefined;
  for (const answer of options.reviews ?? attempts)
    card = reviewCard(card, answer, now, options.day, options.scheduler, options.place);
  const fsrs = card ?? newCard(now);
  const item: QuestionStatItem = {
    ...questionStatEntity.key(userId, questionId),
    type: 'QSTAT',
    question_id: questionId,
    total_attempts: Number(previous?.total_attempts ?? 0) + attempts.length,
    correct_attempts: Number(previous?.correct_attempts ?? 0) + attempts.filter(Boolean).length,
    last_answered_at: now.toISOString(),
    last_correct: attempts.length ? attempts[attempts.length - 1]! : Boolean(previous?.last_correct),
    exam_id: examId,
    fsrs,
    version: Number(previous?.version ?? 0) + 1,
  };
  if (isScheduled(fsrs)) Object.assign(item, questionStatEntity.dueIndex(userId, fsrs.due, questionId));
  // A card left in its first steps (by an exam answer too) must come back as a learning card (D185).
  else if (fsrs.state === 'learning')
    Object.assign(item, questionStatEntity.learningIndex(userId, fsrs.due, questionId));
  const failures = failuresOf(item);
  if (failures >= LIMITS.leechFailures) {
    item.leech = true;
    Object.assign(item, questionStatEntity.leechIndex(userId, failures, questionId));
  }
  return item;
}

/** The write condition that makes a statistic update exactly-once against concurrent writers. */
export function statCondition(previous: Record<string, unknown> | undefined): {
  ConditionExpression: string;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  if (!previous) return { ConditionExpression: ITEM_ABSENT };
  if (previous.version === undefined)
    return { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' };
  return { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': previous.version } };
}
