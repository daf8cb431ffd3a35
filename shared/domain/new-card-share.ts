/**
 * The share of a review page kept for new cards, from the learner's own answers (D485).
 *
 * Learners whose memory fades fast and gains nothing from spacing lose from more new cards;
 * learners with a spacing effect gain from them (D415). The review log tells them apart by the
 * shape of forgetting against the scheduler's curve: how often answers after a longer gap (≥ 3
 * learner days) were right compared with what the curve predicted, divided by the same ratio after
 * a short gap (1–2 days). Below 1 the learner forgets faster than the curve over longer gaps (the
 * fast forgetter); at or above it, longer gaps hold up as the curve says or better.
 *
 * Pure: the caller passes the observations (the curve's predicted recall of each later-day answer
 * and whether it was right).
 */

export interface RecallObservation {
  /** Whole learner days since the card's previous answer (0: the same day, not counted). */
  elapsedDays: number;
  /** The recall the learner's forgetting curve predicted for this answer, in (0, 1]. */
  predicted: number;
  recalled: boolean;
}

export interface ForgettingShape {
  /** Answers 1–2 days after the previous one, and ≥ 3 days. */
  short: number;
  long: number;
  /** (right / predicted) after long gaps over the same after short gaps; null when either has no prediction. */
  ratio: number | null;
}

/** The longest gap counted as short, in learner days. */
export const SHORT_GAP_DAYS = 2;

export function forgettingShape(observations: readonly RecallObservation[]): ForgettingShape {
  const sums = { short: { n: 0, right: 0, predicted: 0 }, long: { n: 0, right: 0, predicted: 0 } };
  for (const o of observations) {
    if (!(o.elapsedDays >= 1) || !(o.predicted > 0 && o.predicted <= 1)) continue;
    const bucket = o.elapsedDays <= SHORT_GAP_DAYS ? sums.short : sums.long;
    bucket.n += 1;
    bucket.predicted += o.predicted;
    if (o.recalled) bucket.right += 1;
  }
  const calibration = (b: { right: number; predicted: number }) => (b.predicted > 0 ? b.right / b.predicted : null);
  const short = calibration(sums.short);
  const long = calibration(sums.long);
  return {
    short: sums.short.n,
    long: sums.long.n,
    ratio: short === null || long === null || short === 0 ? null : long / short,
  };
}

export interface NewShareRule {
  /** The share with too few observations to tell. */
  fallback: number;
  /** The share for a learner whose longer gaps fall short of the curve (ratio below `threshold`). */
  fast: number;
  /** The share for a learner whose longer gaps hold up (ratio at or above `threshold`). */
  slow: number;
  threshold: number;
  /** Answers needed in each of the short and long groups before the shape is trusted. */
  minObservations: number;
}

/** Observations needed in each group before the shape decides: fewer, and the ratio is noise. */
export const NEW_SHARE_MIN_OBSERVATIONS = 30;

export function newShareFor(observations: readonly RecallObservation[], rule: NewShareRule): number {
  const shape = forgettingShape(observations);
  if (shape.ratio === null || shape.short < rule.minObservations || shape.long < rule.minObservations)
    return rule.fallback;
  return shape.ratio < rule.threshold ? rule.fast : rule.slow;
}
