import { default_w } from 'ts-fsrs';
import type { ReviewLogRecord } from './entities/review-log.js';

/**
 * Per-learner FSRS parameters (issue 26): the review log turned into the optimizer's training items,
 * the threshold, the time split and the rule that keeps the default weights when a fit is worse.
 * Pure: the fsrs-rs optimizer itself (`@open-spaced-repetition/binding`, native) is reached only
 * through `fitWeights`, which imports it on first use, so nothing else pays for it.
 */

/** One review as the optimizer reads it: rating 1–4 and whole learner days since the card's previous review (0 first). */
export interface FitReview {
  rating: number;
  deltaT: number;
}

/** One training item: a card's reviews up to and including one review (fsrs-rs `FSRSItem`), and when that review was. */
export interface FitItem {
  reviews: FitReview[];
  /** Milliseconds of the last review's write: the time split orders items by it. */
  at: number;
}

/**
 * Items the learner needs before a fit: 400 reviews that a later day's review follows up (fsrs-rs
 * trains only on items with a long-term review). Anki asked for 1,000 reviews before "Optimize"
 * and lowered it to 400 in 24.04, once fsrs-rs could fall back to partial fitting (only the first
 * stabilities) on smaller logs; below that the optimizer's own answer is little better than the
 * defaults and a held-back fifth is too small to tell a better fit from a worse one.
 */
export const FIT_MIN_ITEMS = 400;
/** The newest fifth of the items is held back to judge the fit (a time split: the model never sees the future). */
export const HELD_BACK_SHARE = 0.2;
/** FSRS-6 default weights, what every learner starts with (ts-fsrs's, the same as fsrs-rs's). */
export const DEFAULT_WEIGHTS: readonly number[] = default_w;

const STATE_NEW = 0;
const STATE_REVIEW = 2;

/**
 * The review log as training items: rows grouped by question in the order they were written, one
 * item per review after the first (the first review alone predicts nothing). A row's elapsed
 * learner days are the item's `deltaT`; the first review of a card is 0 whatever the row says.
 * A card whose first logged row is not a new card's is left out whole. Items without a review on
 * a later day are returned too; `trainableItems` drops them.
 */
export function reviewLogToItems(records: readonly Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[]): FitItem[] {
  const sorted = [...records].sort((a, b) =>
    a.answered_at < b.answered_at ? -1 : a.answered_at > b.answered_at ? 1 : 0,
  );
  const history = new Map<string, FitReview[]>();
  // Cards whose log starts after their first review (answered before the log existed): their
  // history is unknown, so none of their reviews is trained on (Anki skips such cards too).
  const partial = new Set<string>();
  const items: FitItem[] = [];
  for (const record of sorted) {
    const at = Date.parse(record.answered_at);
    for (const [questionId, rating, elapsed, stateBefore] of record.reviews) {
      if (!(rating >= 1 && rating <= 4) || partial.has(questionId)) continue;
      const previous = history.get(questionId);
      if (!previous && stateBefore !== STATE_NEW) {
        partial.add(questionId);
        continue;
      }
      const reviews = previous ?? [];
      reviews.push({ rating: Math.round(rating), deltaT: previous ? Math.max(0, Math.round(elapsed)) : 0 });
      history.set(questionId, reviews);
      if (reviews.length > 1) items.push({ reviews: reviews.slice(), at });
    }
  }
  return items;
}

/** Whether an item has a review on a later day than the card's first (fsrs-rs's "long-term review"). */
export const hasLongTermReview = (item: FitItem) => item.reviews.some((review, i) => i > 0 && review.deltaT > 0);

/** The training items the threshold counts. */
export const trainableItems = (items: readonly FitItem[]) => items.filter(hasLongTermReview);

/** Oldest items for training, the newest `share` held back (at least one item on each side when there are two). */
export function timeSplit(items: readonly FitItem[], share = HELD_BACK_SHARE): { train: FitItem[]; test: FitItem[] } {
  const ordered = [...items].sort((a, b) => a.at - b.at);
  const held = Math.min(ordered.length - 1, Math.max(ordered.length > 1 ? 1 : 0, Math.round(ordered.length * share)));
  return { train: ordered.slice(0, ordered.length - held), test: ordered.slice(ordered.length - held) };
}

/**
 * The learner's measured retention: the share of reviews of cards in the review state (due
 * reviews, not learning steps) answered Hard, Good or Easy. Null without such reviews.
 */
export function measuredRetention(records: readonly Pick<ReviewLogRecord, 'reviews'>[]): {
  retention: number | null;
  reviews: number;
} {
  let total = 0;
  let recalled = 0;
  for (const record of records)
    for (const [, rating, , before] of record.reviews) {
      if (before !== STATE_REVIEW) continue;
      total += 1;
      if (rating > 1) recalled += 1;
    }
  return { retention: total ? recalled / total : null, reviews: total };
}

export interface FitMetrics {
  logLoss: number;
  rmseBins: number;
}

/**
 * Keep the default weights unless the fit predicts the held-back reviews better on both
 * measures: a lower log loss and an RMSE(bins) no higher. A fit that is worse on either, or whose
 * figures are not finite, is discarded.
 */
export function keepsFit(fitted: FitMetrics, defaults: FitMetrics): boolean {
  const finite = (m: FitMetrics) => Number.isFinite(m.logLoss) && Number.isFinite(m.rmseBins);
  if (!finite(fitted)) return false;
  if (!finite(defaults)) return true;
  return fitted.logLoss < defaults.logLoss && fitted.rmseBins <= defaults.rmseBins;
}

/** 21 finite weights, or null: what may be stored and given to the scheduler. */
export function validWeights(weights: unknown): number[] | null {
  if (!Array.isArray(weights) || weights.length !== DEFAULT_WEIGHTS.length) return null;
  return weights.every((w) => typeof w === 'number' && Number.isFinite(w)) ? (weights as number[]) : null;
}

export interface FitOutcome {
  /** The weights to schedule with: fitted, or null for the defaults. */
  weights: number[] | null;
  /** Why: fitted, too few items, or a fit worse than the defaults on the held-back reviews. */
  outcome: 'fitted' | 'too_few_reviews' | 'worse_than_default';
  items: number;
  fitted?: FitMetrics;
  defaults?: FitMetrics;
  /** The optimizer's proposal even when it was not kept (bench, simulation). */
  proposal?: number[];
}

type Binding = typeof import('@open-spaced-repetition/binding');
let binding: Promise<Binding> | undefined;
/** The native optimizer, loaded on first use (a chunk of its own in the bundles that need it). */
export const loadBinding = () => (binding ??= import('@open-spaced-repetition/binding'));

function toBindingItems(b: Binding, items: readonly FitItem[]) {
  return items.map(
    (item) =>
      new b.FSRSBindingItem(item.reviews.map((review) => new b.FSRSBindingReview(review.rating, review.deltaT))),
  );
}

const isNotEnoughData = (error: unknown) => error instanceof Error && /NotEnoughData/.test(error.message);

/** The optimizer's log loss and RMSE(bins) of `weights` on `items`. */
export async function evaluateWeights(items: readonly FitItem[], weights: readonly number[]): Promise<FitMetrics> {
  const b = await loadBinding();
  const { logLoss, rmseBins } = new b.FSRSBinding([...weights]).evaluate(toBindingItems(b, items));
  return { logLoss, rmseBins };
}

/**
 * Fits 21 weights on the older items and judges them against the defaults on the newest fifth;
 * then, when the fit wins, refits on every item (the held-back reviews are the freshest
 * evidence), as Anki's "Optimize" uses the whole log.
 */
export async function fitWeights(allItems: readonly FitItem[], minItems = FIT_MIN_ITEMS): Promise<FitOutcome> {
  const items = trainableItems(allItems);
  if (items.length < minItems) return { weights: null, outcome: 'too_few_reviews', items: items.length };
  const b = await loadBinding();
  const { train, test } = timeSplit(items);
  let base: Required<Pick<FitOutcome, 'items' | 'fitted' | 'defaults' | 'proposal'>>;
  try {
    const proposal = await b.computeParameters(toBindingItems(b, train), { enableShortTerm: true });
    const fitted = await evaluateWeights(test, proposal);
    const defaults = await evaluateWeights(test, DEFAULT_WEIGHTS);
    base = { items: items.length, fitted, defaults, proposal };
  } catch (error) {
    // fsrs-rs refuses to evaluate a few dozen held-back items (below ~50): not enough to judge a fit.
    if (isNotEnoughData(error)) return { weights: null, outcome: 'too_few_reviews', items: items.length };
    throw error;
  }
  const { proposal, fitted, defaults } = base;
  if (!validWeights(proposal) || !keepsFit(fitted, defaults))
    return { ...base, weights: null, outcome: 'worse_than_default' };
  const final = validWeights(await b.computeParameters(toBindingItems(b, items), { enableShortTerm: true }));
  return { ...base, weights: final ?? proposal, outcome: 'fitted' };
}
