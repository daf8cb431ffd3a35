import { LIMITS } from '#shared/domain/limits.js';
import { addDays, learnerDay, learnerDaySettings, learnerDayStart } from '#shared/domain/learner-day.js';
import { dailyPicksFrom, orderLearnerQueue, QUEUE_DUE_READ } from '../functions/domains/exams/index.js';
import {
  engineFor,
  type DailyPick,
  type DailyQuestionStat,
  type DueOrder,
  type FillOrder,
  type FsrsCard,
  type LearningPlacement,
  type Scheduler,
} from '../functions/domains/learning/index.js';

/**
 * The daily exam's choice for one simulated learner (`npm run simulate`, D246): the product's own
 * pure queue (`orderLearnerQueue`, then `dailyPicksFrom`, as `learnerQueue` and `dailyPicks` call
 * them) on what the server would read for a learner whose one source exam is the bank.
 *
 * Candidates: every question of the bank in exam order that is not on the due index. That is the
 * whole-bank rule replacing the 60-question window of `queueCandidates` (another change reads the
 * unseen questions from the whole bank at bounded cost); the window itself is not simulated.
 */

export interface QueueChoiceInput {
  /** The bank: one source exam, in exam order. */
  ids: readonly string[];
  /** The statistics the server would hold (counts and card). */
  stats: ReadonlyMap<string, DailyQuestionStat>;
  now: Date;
  count: number;
  /** The learner's new cards a day; the product default when absent. */
  newPerDay?: number;
  /** New cards and reviews already done this learner day (the simulated learner takes one quiz a day: none). */
  done?: { new: number; reviews: number };
  /** The rules the simulation compares; the product's defaults when absent. */
  dueOrder?: DueOrder;
  learningSteps?: LearningPlacement;
  fill?: FillOrder;
  newShare?: number;
  /** The learner's curve (their fitted weights); the default one when absent. */
  curve?: Scheduler;
}

const DAY = learnerDaySettings(undefined);
const LEARNING = 0;
const DATED = 1;

/**
 * The sparse due index as `dueBefore` reads it (≤ {@link QUEUE_DUE_READ}): cards in their first
 * learning steps under keys that sort before every date, then review and relearning cards due by
 * the end of the learner's day, by due date then question id.
 */
export function simulatedDueIndex(
  ids: readonly string[],
  stats: ReadonlyMap<string, DailyQuestionStat>,
  now: Date,
): { questionId: string; card: FsrsCard }[] {
  const endOfDay = learnerDayStart(addDays(learnerDay(now, DAY), 1), DAY).toISOString();
  const entries: { questionId: string; card: FsrsCard; group: number; key: string }[] = [];
  for (const questionId of ids) {
    const card = stats.get(questionId)?.fsrs;
    if (!card) continue;
    const key = `${card.due}#${questionId}`;
    if (card.state === 'learning') entries.push({ questionId, card, group: LEARNING, key });
    else if ((card.state === 'review' || card.state === 'relearning') && card.due < endOfDay)
      entries.push({ questionId, card, group: DATED, key });
  }
  return entries
    .sort((a, b) => a.group - b.group || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, QUEUE_DUE_READ)
    .map(({ questionId, card }) => ({ questionId, card }));
}

export function queueChoice(input: QueueChoiceInput): DailyPick[] {
  const { ids, stats, now, count } = input;
  const dueEntries = simulatedDueIndex(ids, stats, now);
  const onIndex = new Set(dueEntries.map((d) => d.questionId));
  const candidates = ids.filter((id) => !onIndex.has(id));
  const statOf = (id: string) => stats.get(id);
  const available = new Set(ids);
  const ignored = new Set<string>();
  const curve = input.curve ?? engineFor(LIMITS.desiredRetention.default);
  const ordered = orderLearnerQueue({
    dueEntries,
    candidates,
    statOf,
    available,
    ignored,
    limits: {
      newPerDay: input.newPerDay ?? LIMITS.newCardsPerDay.default,
      reviewsPerDay: LIMITS.maxReviewsPerDay.default,
    },
    done: input.done ?? { new: 0, reviews: 0 },
    now,
    pageSize: count,
    curve,
    dueOrder: input.dueOrder,
    learningSteps: input.learningSteps,
    newShare: input.newShare,
  });
  return dailyPicksFrom(
    { page: ordered.page, dueEntries, candidates, statOf, available, ignored, now, curve, fill: input.fill },
    count,
  );
}
