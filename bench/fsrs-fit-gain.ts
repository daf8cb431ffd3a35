import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEFAULT_WEIGHTS,
  fitWeights,
  logLoss,
  reviewLogToItems,
  trainableItems,
} from '../functions/domains/learning/index.js';
import { movedWeights, syntheticFsrsLog } from './synthetic-fsrs-learner.js';

/**
 * What fitting gains: synthetic learners whose memory follows FSRS-6 with weights away from the
 * defaults (first stabilities ×0.3, ×1 or ×3, the other weights moved up to ±30 %), answering the
 * daily quiz for `days` days with `new` new cards a day. Each is fitted as the route does
 * (`fitWeights` from the defaults), and both the defaults and the stored weights are then scored
 * on the held-back fifth (the keep rule's own figure) and on a fresh year of the same learner's
 * reviews never seen by the fit (the gain that matters). Log loss, lower is better.
 */
const { values } = parseArgs({
  options: {
    learners: { type: 'string', default: '30' },
    days: { type: 'string', default: '60,120' },
    new: { type: 'string', default: '5' },
    /** All weights from this many items (the product's FULL_FIT_MIN_ITEMS unless given). */
    'full-min': { type: 'string' },
    /** Standard errors of noise a held-back gain must exceed (the product's KEEP_NOISE_MULTIPLE unless given; 0: the plain rule). */
    'keep-noise': { type: 'string' },
  },
});
const LEARNERS = Number(values.learners);
const DAYS = values.days.split(',').map(Number);
const NEW_PER_DAY = Number(values.new);
const SCALES = [0.3, 1, 3];
const FULL_MIN = values['full-min'] ? Number(values['full-min']) : undefined;
const KEEP_NOISE = values['keep-noise'] ? Number(values['keep-noise']) : undefined;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
/** Mean and the half-width of its 95 % interval (normal approximation over learners). */
const withCi = (xs: number[]) =>
  `${mean(xs).toFixed(4)} ± ${((1.96 * sd(xs)) / Math.sqrt(Math.max(1, xs.length))).toFixed(4)}`;

interface Row {
  days: number;
  items: number[];
  reviews: number[];
  kept: number;
  /** Fits whose first stabilities moved from the defaults (fsrs-rs answers with the defaults when its outlier filter leaves too few). */
  moved: number;
  full: number;
  heldBefore: number[];
  heldAfter: number[];
  freshGain: number[];
  /** The most a fit could gain on the fresh year: the learner's true weights against the defaults. */
  ceiling: number[];
  keptWorseFresh: number;
}

export async function fitGain(days: number): Promise<Row> {
  const row: Row = {
    days,
    items: [],
    reviews: [],
    kept: 0,
    moved: 0,
    full: 0,
    heldBefore: [],
    heldAfter: [],
    freshGain: [],
    ceiling: [],
    keptWorseFresh: 0,
  };
  for (let i = 0; i < LEARNERS; i++) {
    const weights = movedWeights(1000 + i, SCALES[i % SCALES.length]!);
    const log = syntheticFsrsLog({ weights, newPerDay: NEW_PER_DAY, days, seed: 1 + i });
    const fresh = trainableItems(
      reviewLogToItems(syntheticFsrsLog({ weights, newPerDay: NEW_PER_DAY, days: 365, seed: 50_000 + i })),
    );
    const fit = await fitWeights(reviewLogToItems(log), { fullMinItems: FULL_MIN, keepNoiseMultiple: KEEP_NOISE });
    row.items.push(fit.items);
    row.reviews.push(log.reduce((sum, record) => sum + record.reviews.length, 0));
    if (fit.logLossBefore !== undefined && fit.logLossAfter !== undefined) {
      row.heldBefore.push(fit.logLossBefore);
      row.heldAfter.push(fit.outcome === 'fitted' ? fit.logLossAfter : fit.logLossBefore);
    }
    if (fit.proposal?.slice(0, 4).some((w, k) => Math.abs(w - DEFAULT_WEIGHTS[k]!) > 1e-6)) row.moved += 1;
    const stored = fit.weights ?? DEFAULT_WEIGHTS;
    const gain = logLoss(fresh, DEFAULT_WEIGHTS).logLoss - logLoss(fresh, stored).logLoss;
    row.freshGain.push(gain);
    row.ceiling.push(logLoss(fresh, DEFAULT_WEIGHTS).logLoss - logLoss(fresh, weights).logLoss);
    if (fit.outcome === 'fitted') {
      row.kept += 1;
      if (fit.kind === 'full') row.full += 1;
      if (gain < 0) row.keptWorseFresh += 1;
    }
  }
  return row;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(
    `${LEARNERS} learners, ${NEW_PER_DAY} new cards a day; log loss (defaults → stored), held-back fifth and a fresh year`,
  );
  console.log(
    'days | reviews | items | moved | kept (full) | held-back before → after | held-back gain ± 95 % | fresh gain ± 95 % | ceiling | kept but worse on fresh',
  );
  for (const days of DAYS) {
    const r = await fitGain(days);
    console.log(
      [
        days,
        mean(r.reviews).toFixed(0),
        mean(r.items).toFixed(0),
        r.moved,
        `${r.kept}/${LEARNERS} (${r.full})`,
        `${mean(r.heldBefore).toFixed(4)} → ${mean(r.heldAfter).toFixed(4)}`,
        withCi(r.heldBefore.map((before, k) => before - r.heldAfter[k]!)),
        withCi(r.freshGain),
        mean(r.ceiling).toFixed(4),
        r.keptWorseFresh,
      ].join(' | '),
    );
  }
}
