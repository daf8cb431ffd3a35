import { LIMITS } from '#shared/domain/limits.js';
import { shuffled, type RandomSource } from '#shared/domain/question-order.js';
import { engineFor, isScheduled, retrievability, type FsrsCard, type Scheduler } from './fsrs.js';

/**
 * Which questions go into a user's daily exam (docs/learning.md). Pure: the caller
 * passes the clock and the random source.
 *
 * From the candidates (question ids of the user's readable subscribed exams), minus the ignored
 * ones and without duplicates, take `count` questions in this order:
 *
 * 1. **due**: the FSRS card (as stored on `QSTAT#`) is scheduled, i.e. in review or relearning
 *    (what the sparse due index holds), and its `due` ≤ `now`; lowest current retrievability
 *    first (ts-fsrs's FSRS-6 forgetting curve). At most `count` − {@link unseenReserve} of them
 *    while unseen questions remain, so a due backlog cannot crowd new questions out.
 * 2. **unseen**: never answered (no statistic, no attempts and no reviewed card), in random order.
 * 3. **learning**: answered but still in FSRS's learning steps (1 m / 10 m). A quiz sent once a
 *    day cannot honour minute-long steps, and counting these as due spent a third of the slots on
 *    re-showing yesterday's questions (docs/learning.md). They are not scheduled, so they come
 *    after the unseen ones; among themselves the most forgotten (lowest retrievability) first,
 *    since each needs more answers to reach the FSRS schedule.
 * 4. **weakest**: the rest (review cards not due yet, legacy statistics without a card), by the
 *    original's rule ({@link weakestFirst}).
 *
 * Ties keep the order of one shuffle with `random`, so a seeded source (say, from the user and the
 * day) gives the same exam for the same state. Fewer eligible questions than `count`: all of them.
 */

/** The part of a `QSTAT#` item the rule reads. */
export interface DailyQuestionStat {
  total_attempts: number;
  correct_attempts: number;
  /** Absent on legacy statistics written before FSRS: such a question is never "due". */
  fsrs?: FsrsCard;
}

export interface DailySelectionInput {
  /** Question ids of the user's readable subscribed exams; a repeated id counts once. */
  candidateIds: Iterable<string>;
  /** The user's statistics by question id; a question without one was never answered. */
  stats: ReadonlyMap<string, DailyQuestionStat>;
  ignoredIds: ReadonlySet<string>;
  /** The profile's `random_exam_question_count`, 1–50. */
  count: number;
  now: Date;
  random: RandomSource;
  /** The learner's fitted FSRS weights (`schedulerFor(user).weights`): their forgetting curve ranks recall. */
  weights?: readonly number[] | null;
}

export type DailyPickReason = 'due' | 'unseen' | 'learning' | 'weakest';

export interface DailyPick {
  questionId: string;
  reason: DailyPickReason;
}

/** Wrong answers over attempts; 0 for a question never answered. */
export const wrongRate = (stat: DailyQuestionStat | undefined): number =>
  stat && stat.total_attempts > 0 ? (stat.total_attempts - stat.correct_attempts) / stat.total_attempts : 0;

/**
 * The original's weakest-first order: wrong rate descending, then 1/attempts descending (fewer
 * attempts first; a question never answered has wrong rate 0 and 1/0 = ∞).
 */
export function weakestFirst(a: DailyQuestionStat | undefined, b: DailyQuestionStat | undefined): number {
  return wrongRate(b) - wrongRate(a) || (a?.total_attempts ?? 0) - (b?.total_attempts ?? 0);
}

/**
 * How a daily exam with fewer queued cards than its count is filled from the answered questions
 * across the bank (D315): lowest predicted recall on the learner's curve first; the original's
 * {@link weakestFirst} is kept for the simulation to compare with (it re-shows the same failed cards).
 */
export type FillOrder = 'lowest-recall' | 'weakest';
export const DEFAULT_FILL_ORDER: FillOrder = 'lowest-recall';

/**
 * `ids` in fill order. Lowest recall: a statistic without a card (legacy, before FSRS) counts as
 * recall 0, since nothing says it is remembered. Stable: ties keep the given order.
 */
export function fillOrder(
  ids: readonly string[],
  statOf: (questionId: string) => DailyQuestionStat | undefined,
  order: FillOrder,
  now: Date,
  curve?: Scheduler,
): string[] {
  if (order === 'weakest') return [...ids].sort((a, b) => weakestFirst(statOf(a), statOf(b)));
  const recall = (id: string) => {
    const card = statOf(id)?.fsrs;
    return card ? retrievability(card, now, curve) : 0;
  };
  return ids
    .map((id) => ({ id, recall: recall(id) }))
    .sort((a, b) => a.recall - b.recall)
    .map(({ id }) => id);
}

/**
 * Slots kept for unseen questions while any remain: a third of the quiz, rounded down (none for
 * 1–2 questions), in the spirit of Anki's new-cards-per-day limit.
 */
export const unseenReserve = (count: number): number => Math.floor(count / 3);

function isDue(card: FsrsCard, now: Date): boolean {
  return isScheduled(card) && Date.parse(card.due) <= now.getTime();
}

/** Never answered: no statistic, no attempts and no reviewed card. The daily quiz's "unseen" and the review queue's "new". */
export function isUnseen(stat: DailyQuestionStat | undefined): boolean {
  return (stat?.total_attempts ?? 0) <= 0 && (!stat?.fsrs || stat.fsrs.state === 'new');
}

export function selectDailyQuestions({
  candidateIds,
  stats,
  ignoredIds,
  count,
  now,
  random,
  weights,
}: DailySelectionInput): DailyPick[] {
  const { min, max } = LIMITS.profileQuestionCount;
  if (!Number.isInteger(count) || count < min || count > max)
    throw new RangeError(`daily question count must be ${min}–${max}, got ${count}`);

  const eligible = [...new Set(candidateIds)].filter((id) => !ignoredIds.has(id));
  const due: { questionId: string; recall: number }[] = [];
  const unseen: string[] = [];
  const learning: { questionId: string; recall: number }[] = [];
  const seen: string[] = [];
  // Recall ranks by the learner's forgetting curve (their weights); retention does not enter it.
  const curve = engineFor(LIMITS.desiredRetention.default, weights ?? null);
  // One shuffle first, then stable sorts: questions that tie keep their shuffled order.
  for (const questionId of shuffled(eligible, random)) {
    const stat = stats.get(questionId);
    const card = stat?.fsrs;
    if (card && isDue(card, now)) due.push({ questionId, recall: retrievability(card, now, curve) });
    else if (isUnseen(stat)) unseen.push(questionId);
    else if (card?.state === 'learning') learning.push({ questionId, recall: retrievability(card, now, curve) });
    else seen.push(questionId);
  }
  const byRecall = (a: { recall: number }, b: { recall: number }) => a.recall - b.recall;
  due.sort(byRecall);
  learning.sort(byRecall);
  seen.sort((a, b) => weakestFirst(stats.get(a), stats.get(b)));

  // Due questions beyond the cap are dropped, not deferred: the cap binds only when the unseen
  // questions fill the rest of the quiz.
  const dueTaken = due.slice(0, count - Math.min(unseen.length, unseenReserve(count)));
  return [
    ...dueTaken.map(({ questionId }) => ({ questionId, reason: 'due' as const })),
    ...unseen.map((questionId) => ({ questionId, reason: 'unseen' as const })),
    ...learning.map(({ questionId }) => ({ questionId, reason: 'learning' as const })),
    ...seen.map((questionId) => ({ questionId, reason: 'weakest' as const })),
  ].slice(0, count);
}
