import type { FsrsCard, Scheduler } from './fsrs.js';
import { DEFAULT_DUE_ORDER, duePriority, type DueOrder } from './review-priority.js';

/**
 * The order of the Review screen (docs/learning.md "The review queue"). Pure: the caller
 * passes what it read and the clock.
 *
 * 1. **due**: review cards due by the end of the learner's day (the sparse due index), at most
 *    `max_reviews_per_day` minus the reviews already graded today, and cards in learning or
 *    relearning steps whose step is due now (on the due index too, D185; never limited, as in Anki:
 *    a card begun must be finished), ranked together by expected retention gain (D316);
 * 2. **new**: questions never answered, in the order of their exams, at most `new_cards_per_day`
 *    minus the new cards already introduced today; two places in five of the page are theirs
 *    while any is left (D314, D415), so the due cards cannot crowd them out;
 * 3. **learning ahead**: with nothing due and no new card left, a step due within `learnAheadMs` is
 *    ready now (Anki's learn-ahead limit, 20 minutes by default): a learner who finished everything
 *    else is not sent away to wait for a one-minute step.
 *
 * The Review screen, the daily exam and its mail all take this order (D184: one queue). The other
 * placements and due orders are what `npm run simulate` compared them with.
 *
 * Ignored questions and questions that are not in a readable source exam are left out.
 */

export interface QueueDue {
  questionId: string;
  card: FsrsCard;
}

export interface QueueLearning {
  questionId: string;
  due: string;
  /** The card, to rank a step with the due reviews (`learningSteps: 'with-due'`); absent: it ranks first. */
  card?: FsrsCard;
}

/**
 * Where learning steps that have come due go: after the new cards (earliest step first, or ranked
 * by the due order), or ranked among the due reviews (with-due-reserve, D314: every third place of
 * the page is a new card while any is left today).
 */
export type LearningPlacement = 'after-new' | 'after-new-ranked' | 'with-due' | 'with-due-reserve';
export const DEFAULT_LEARNING_PLACEMENT: LearningPlacement = 'with-due-reserve';

/**
 * The share of a page kept for new cards while any are left today (D314; two fifths since D415: 4
 * of a 10-card daily exam, 8 of 20).
 */
export const DEFAULT_NEW_SHARE = 2 / 5;

export interface QueueInput {
  due: QueueDue[];
  learning: QueueLearning[];
  /** Questions of the source exams in exam order, with whether the learner ever answered them. */
  candidates: { questionId: string; unseen: boolean }[];
  /** Questions that can be shown (in a readable source exam). */
  available: ReadonlySet<string>;
  ignored: ReadonlySet<string>;
  limits: { newPerDay: number; reviewsPerDay: number };
  doneToday: { new: number; reviews: number };
  now: Date;
  pageSize: number;
  /** How far ahead a learning step counts as ready once nothing else is left (0: only steps due now). */
  learnAheadMs?: number;
  /** The learner's forgetting curve (their fitted weights) ranks recall; the default one when absent. */
  curve?: Scheduler;
  /** The rank of due reviews ({@link DEFAULT_DUE_ORDER} when absent; the simulation compares the others). */
  dueOrder?: DueOrder;
  /** Where learning steps due now go ({@link DEFAULT_LEARNING_PLACEMENT} when absent). */
  learningSteps?: LearningPlacement;
  /** The share of the page kept for new cards with 'with-due-reserve' ({@link DEFAULT_NEW_SHARE} when absent). */
  newShare?: number;
}

export interface QueueEntry {
  questionId: string;
  kind: 'due' | 'new' | 'learning';
}

export interface QueueOutput {
  page: QueueEntry[];
  counts: { new: number; learning: number; learning_now: number; due: number };
  /** When the earliest learning step still waiting becomes ready (its due time less the learn-ahead), when any. */
  nextLearningDue: string | null;
}

export function orderReviewQueue(input: QueueInput): QueueOutput {
  const { now, available, ignored } = input;
  const order = input.dueOrder ?? DEFAULT_DUE_ORDER;
  const seen = new Set<string>();
  const usable = (id: string) => available.has(id) && !ignored.has(id) && !seen.has(id);
  const priority = (card: FsrsCard | undefined) =>
    card ? duePriority(order, card, now, input.curve) : Number.POSITIVE_INFINITY;
  const byPriority = (a: { priority: number }, b: { priority: number }) =>
    b.priority > a.priority ? 1 : b.priority < a.priority ? -1 : 0;

  const dueLeft = Math.max(0, input.limits.reviewsPerDay - input.doneToday.reviews);
  const due = input.due
    .filter((d) => usable(d.questionId))
    .map((d) => ({ questionId: d.questionId, priority: priority(d.card) }))
    .sort(byPriority)
    .slice(0, dueLeft);
  for (const d of due) seen.add(d.questionId);

  const learningAll = input.learning
    .filter((l) => usable(l.questionId))
    .map((l) => ({ ...l, at: Date.parse(l.due) }))
    .sort((a, b) => a.at - b.at);
  for (const l of learningAll) seen.add(l.questionId);

  const newLeft = Math.max(0, input.limits.newPerDay - input.doneToday.new);
  const fresh: string[] = [];
  for (const c of input.candidates) {
    if (fresh.length >= newLeft) break;
    if (c.unseen && usable(c.questionId)) {
      fresh.push(c.questionId);
      seen.add(c.questionId);
    }
  }

  const ahead = due.length === 0 && fresh.length === 0 ? (input.learnAheadMs ?? 0) : 0;
  const readyBy = now.getTime() + ahead;
  const learningNow = learningAll.filter((l) => l.at <= readyBy);
  const waiting = learningAll.find((l) => l.at > readyBy);

  // Steps already due rank among the due reviews ('with-due', never limited) or after the new
  // cards; steps only ready by learning ahead come last, earliest first.
  const placement = input.learningSteps ?? DEFAULT_LEARNING_PLACEMENT;
  const stepsDue = learningNow.filter((l) => l.at <= now.getTime());
  const stepsAhead = learningNow.filter((l) => l.at > now.getTime());
  const ranked = (steps: typeof stepsDue) => steps.map((l) => ({ ...l, priority: priority(l.card) })).sort(byPriority);
  const withDue = placement === 'with-due' || placement === 'with-due-reserve';
  const stepsFirst = withDue ? stepsDue : [];
  const stepsLast = withDue
    ? stepsAhead
    : placement === 'after-new-ranked'
      ? [...ranked(stepsDue), ...stepsAhead]
      : learningNow;
  const first = [
    ...due.map((d) => ({ ...d, kind: 'due' as const })),
    ...stepsFirst.map((l) => ({ questionId: l.questionId, priority: priority(l.card), kind: 'learning' as const })),
  ].sort(byPriority);

  const page = layPage(
    placement,
    first.map(({ questionId, kind }) => ({ questionId, kind })),
    fresh.map((questionId) => ({ questionId, kind: 'new' as const })),
    stepsLast.map((l) => ({ questionId: l.questionId, kind: 'learning' as const })),
    input.pageSize,
    input.newShare ?? DEFAULT_NEW_SHARE,
  );
  return {
    page,
    counts: { new: fresh.length, learning: learningAll.length, learning_now: learningNow.length, due: due.length },
    nextLearningDue: waiting ? new Date(waiting.at - ahead).toISOString() : null,
  };
}

/**
 * Whether place `i` (from 0) of a page is a new card's turn when a share `share` of the page is kept
 * for them: a page of n holds ⌊n·share⌋ turns (share 1/3: every third place), and a shorter page is
 * the start of a longer one.
 */
export const isNewTurn = (i: number, share: number): boolean =>
  Math.floor((i + 1) * share + 1e-9) > Math.floor(i * share + 1e-9);

/**
 * The page: the ranked due cards, the new cards, then the steps learned ahead. With
 * 'with-due-reserve' a share of the places is a new card's while any is left ({@link isNewTurn}),
 * and a shorter page is the start of a longer one (the daily exam is the Review screen's first cards).
 */
function layPage(
  placement: LearningPlacement,
  first: QueueEntry[],
  fresh: QueueEntry[],
  last: QueueEntry[],
  pageSize: number,
  share: number,
): QueueEntry[] {
  if (placement !== 'with-due-reserve') return [...first, ...fresh, ...last].slice(0, pageSize);
  const page: QueueEntry[] = [];
  let f = 0;
  let n = 0;
  while (page.length < pageSize && (f < first.length || n < fresh.length)) {
    const newTurn = isNewTurn(page.length, share) || f >= first.length;
    page.push(newTurn && n < fresh.length ? fresh[n++]! : first[f++]!);
  }
  return [...page, ...last].slice(0, pageSize);
}
