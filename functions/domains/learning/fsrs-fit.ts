import { default_w, fsrs, generatorParameters, type FSRSState } from 'ts-fsrs';
import type { ReviewLogRecord } from './entities/review-log.js';

/**
 * Per-learner FSRS parameters: the review log turned into the optimizer's training items, the
 * thresholds (first stabilities from 60 items, all weights from 1,000), the time split, the held-back
 * log loss and the rule that keeps the current weights unless a fit predicts better.
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
 * Items before the first stabilities (w0–w3, one per first grade) are fitted: 60. fsrs-rs
 * pre-trains them from 8 items, but only after its outlier filter, which drops the smallest
 * (first grade, delay) groups of first later-day reviews up to 20 items; on daily-quiz logs it
 * moved w0–w3 in 0 of 12 synthetic learners at ~40 items and in 8 of 12 at ~60
 * (`bench/fsrs-fit-gain.ts`). Below 60 a fit would mostly hand back the defaults.
 */
export const FIT_MIN_ITEMS = 60;
/**
 * Items before all 21 weights are fitted: 1,000. fsrs-rs trains them from 64, but on synthetic
 * daily-quiz learners (`bench/fsrs-fit-gain.ts`, 30 each) a full fit predicted fresh reviews no
 * better than a first-stabilities fit up to ~700 items (−0.0004 vs +0.0015 log loss at 371 items,
 * +0.0002 vs +0.0015 at 672) and better from ~1,000 (+0.0028 vs +0.0016).
 */
export const FULL_FIT_MIN_ITEMS = 1000;
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
      // Graded reviews only: a postponed or advanced card's row (rating 0) was not answered.
      if (before !== STATE_REVIEW || !(rating >= 1 && rating <= 4)) continue;
      total += 1;
      if (rating > 1) recalled += 1;
    }
  return { retention: total ? recalled / total : null, reviews: total };
}

/** fsrs-rs's clamp of a predicted recall before its log loss (a certain prediction would cost infinity). */
const R_MIN = 1e-4;

/**
 * The log loss of `weights` on `items`: for each item, the card's memory state after all but its
 * last review (ts-fsrs's FSRS-6 with short-term stability, as fsrs-rs trains it), the recall it
 * predicts after the last review's `deltaT`, and −log of the probability given to what happened
 * (recalled = Hard, Good or Easy). Only items whose last review is on a later day count: same-day
 * steps predict recall 1 and say nothing of the day-scale memory the scheduler plans with.
 * Computed here rather than by fsrs-rs's `evaluate`, which refuses sets of a few hundred items.
 */
export function logLoss(items: readonly FitItem[], weights: readonly number[]): { logLoss: number; items: number } {
  const terms = logLossTerms(items, weights);
  return { logLoss: meanOf(terms), items: terms.length };
}

const meanOf = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

/** Each judged item's log loss under `weights`, in the order of `items` ({@link logLoss} is their mean). */
export function logLossTerms(items: readonly FitItem[], weights: readonly number[]): number[] {
  const engine = fsrs(generatorParameters({ w: [...weights], enable_short_term: true }));
  const terms: number[] = [];
  for (const { reviews } of items) {
    const last = reviews[reviews.length - 1];
    if (!last || reviews.length < 2 || last.deltaT <= 0) continue;
    let state: FSRSState | null = null;
    for (const review of reviews.slice(0, -1)) state = engine.next_state(state, review.deltaT, review.rating);
    const r = Math.min(1 - R_MIN, Math.max(R_MIN, engine.forgetting_curve(last.deltaT, state!.stability)));
    terms.push(last.rating > 1 ? -Math.log(r) : -Math.log(1 - r));
  }
  return terms;
}

/**
 * The standard error of the mean paired difference `before[i] − after[i]` (per-item log losses of
 * the same held-back items): how much of a log-loss gain is noise. 0 for fewer than two items.
 */
export function pairedStandardError(before: readonly number[], after: readonly number[]): number {
  const n = Math.min(before.length, after.length);
  if (n < 2) return 0;
  const diffs = before.slice(0, n).map((b, i) => b - after[i]!);
  const mean = diffs.reduce((a, b) => a + b, 0) / n;
  const variance = diffs.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  return Math.sqrt(variance / n);
}

/** The least log-loss gain that counts: fsrs-rs hands back its defaults as 32-bit floats, a few 1e-8 off ours. */
export const MIN_LOG_LOSS_GAIN = 1e-4;

/**
 * How many standard errors of its own noise a held-back gain must exceed to be kept: 0, the plain
 * rule. One standard error was measured and not adopted (D416): it kept fewer harmful fits but lost
 * two thirds of the gain on fresh reviews.
 */
export const KEEP_NOISE_MULTIPLE = 0;

/**
 * The keep rule: a fit replaces the learner's current weights only when its log loss on the
 * held-back reviews is lower than theirs by at least {@link MIN_LOG_LOSS_GAIN} and, with a
 * `multiple` above 0, by more than that many standard errors of the paired per-item difference
 * (`noise`). Anything else — equal, worse, within noise, or a figure that is not finite — keeps the
 * current weights.
 */
export function keepsFit(fitted: number, current: number, noise = 0, multiple = KEEP_NOISE_MULTIPLE): boolean {
  if (!Number.isFinite(fitted)) return false;
  if (!Number.isFinite(current)) return true;
  const gain = current - fitted;
  return gain >= MIN_LOG_LOSS_GAIN && (!(noise > 0) || gain > multiple * noise);
}

/** 21 finite weights, or null: what may be stored and given to the scheduler. */
export function validWeights(weights: unknown): number[] | null {
  if (!Array.isArray(weights) || weights.length !== DEFAULT_WEIGHTS.length) return null;
  return weights.every((w) => typeof w === 'number' && Number.isFinite(w)) ? (weights as number[]) : null;
}

/** Which weights a log of `items` training items may change: none, the first stabilities, or all. */
export type FitKind = 'initial' | 'full';
export function fitKindFor(items: number, minItems = FIT_MIN_ITEMS, fullMinItems = FULL_FIT_MIN_ITEMS): FitKind | null {
  return items >= Math.max(fullMinItems, minItems) ? 'full' : items >= minItems ? 'initial' : null;
}

export interface FitOutcome {
  /** The weights to schedule with after this fit: the fit's when kept, else the current ones (null: the defaults). */
  weights: number[] | null;
  /** Fitted and kept, too few items to fit, or a fit no better than the current weights (they stay). */
  outcome: 'fitted' | 'too_few_reviews' | 'kept_current';
  /** Which weights the fit was allowed to change; null when it did not run. */
  kind: FitKind | null;
  /** Training items (reviews a later day's review followed up). */
  items: number;
  /** Held-back items judged: the newest fifth whose last review is on a later day. */
  heldBack: number;
  /** Log loss on the held-back items of the current weights, and of the fit. */
  logLossBefore?: number;
  logLossAfter?: number;
  /** The standard error of the held-back gain (paired per item): the noise the keep rule compares it with. */
  gainNoise?: number;
  /** The fit judged, even when it was not kept (bench, simulation). */
  proposal?: number[];
}

export interface FitOptions {
  /** The learner's weights now (null or absent: the defaults): what a fit must beat, and what w4–w20 of an initial fit come from. */
  current?: readonly number[] | null;
  minItems?: number;
  fullMinItems?: number;
  /** Standard errors of noise a gain must exceed ({@link KEEP_NOISE_MULTIPLE} when absent; 0: any gain ≥ the floor). */
  keepNoiseMultiple?: number;
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

/**
 * The optimizer's weights for `items`, limited to `kind`: an initial fit takes only w0–w3 from it
 * and the rest from `current`; so does a full fit when fsrs-rs kept to pre-training (fewer than 64
 * items left after its outlier filter: w4–w20 come back as its defaults, which must not undo a
 * learner's earlier full fit). Null when the optimizer gives nothing usable.
 */
async function optimize(
  b: Binding,
  items: readonly FitItem[],
  kind: FitKind,
  current: readonly number[],
): Promise<number[] | null> {
  const proposal = validWeights(await b.computeParameters(toBindingItems(b, items), { enableShortTerm: true }));
  if (!proposal) return null;
  const pretrainedOnly = proposal.slice(4).every((w, i) => Math.abs(w - DEFAULT_WEIGHTS[i + 4]!) < 1e-6);
  return kind === 'initial' || pretrainedOnly ? [...proposal.slice(0, 4), ...current.slice(4)] : proposal;
}

/**
 * Fits on the older 80 % of the items and judges the fit against the current weights on the
 * newest 20 % (log loss); when it wins, refits the same kind on every item (the held-back reviews
 * are the freshest evidence, as Anki's "Optimize" uses the whole log) and returns that.
 */
export async function fitWeights(allItems: readonly FitItem[], options: FitOptions = {}): Promise<FitOutcome> {
  const items = trainableItems(allItems);
  const current = validWeights(options.current ? [...options.current] : null);
  const kind = fitKindFor(items.length, options.minItems, options.fullMinItems);
  const none = { weights: current, kind, items: items.length, heldBack: 0 };
  if (!kind) return { ...none, outcome: 'too_few_reviews' };
  const { train, test } = timeSplit(items);
  const beforeTerms = logLossTerms(test, current ?? DEFAULT_WEIGHTS);
  const before = { logLoss: meanOf(beforeTerms), items: beforeTerms.length };
  if (before.items === 0) return { ...none, outcome: 'too_few_reviews' };
  const b = await loadBinding();
  const proposal = await optimize(b, train, kind, current ?? DEFAULT_WEIGHTS);
  const afterTerms = proposal ? logLossTerms(test, proposal) : [];
  const after = proposal ? meanOf(afterTerms) : Number.NaN;
  const noise = pairedStandardError(beforeTerms, afterTerms);
  const judged = {
    ...none,
    heldBack: before.items,
    logLossBefore: before.logLoss,
    logLossAfter: after,
    gainNoise: noise,
    ...(proposal ? { proposal } : {}),
  };
  if (!keepsFit(after, before.logLoss, noise, options.keepNoiseMultiple ?? KEEP_NOISE_MULTIPLE))
    return { ...judged, outcome: 'kept_current' };
  const final = await optimize(b, items, kind, current ?? DEFAULT_WEIGHTS);
  return { ...judged, weights: final ?? proposal, outcome: 'fitted' };
}
