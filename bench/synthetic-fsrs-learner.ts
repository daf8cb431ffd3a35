import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { default_w, fsrs, generatorParameters, type FSRSState } from 'ts-fsrs';
import type { ReviewLogRecord, ReviewRow } from '../functions/domains/learning/index.js';

/**
 * A learner whose memory follows FSRS-6 with known weights, scheduled by the defaults as a new
 * learner is: each card comes back when the default weights predict 90 % recall, the learner
 * recalls it with the probability their own weights give, and grades Good or Again (the daily
 * quiz's right or wrong; the first answer Again, Good or Easy as the learner finds the card).
 * Written by us for the fitting tests and the gain bench; seeded, so a run is reproducible.
 */
export interface SyntheticLearner {
  /** The weights the answers are drawn from. */
  weights: number[];
  /** New cards a day. */
  newPerDay: number;
  days: number;
  seed: number;
  /** Card ids start with it (two learners' logs can be joined); `s` unless given. */
  prefix?: string;
  /** The learner day the log starts on (0 unless given). */
  startDay?: number;
}

const DAY_MS = 86_400_000;

/** Weights far from the defaults in a seeded direction: first stabilities ×`initialScale`, the rest moved by up to ±`spread`. */
export function movedWeights(seed: number, initialScale: number, spread = 0.3): number[] {
  const rng = xoroshiro128plus(seed);
  const w = [...default_w];
  for (let i = 0; i < 4; i++) w[i] = default_w[i]! * initialScale;
  // w4–w16 shape stability growth and difficulty; the short-term and decay weights stay near their defaults.
  for (let i = 4; i <= 16; i++) w[i] = default_w[i]! * (1 + spread * (2 * uniformFloat64(rng) - 1));
  return w;
}

/** The learner's review log as `REVLOG#` rows would hold it: one record per learner day. */
export function syntheticFsrsLog(learner: SyntheticLearner): Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[] {
  const rng = xoroshiro128plus(learner.seed);
  const random = () => uniformFloat64(rng);
  const truth = fsrs(generatorParameters({ w: learner.weights, enable_short_term: true }));
  const scheduler = fsrs(generatorParameters({ enable_short_term: true }));
  const cards: { id: string; truth: FSRSState; seen: FSRSState; last: number; due: number }[] = [];
  const records: Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[] = [];
  for (let day = 0; day < learner.days; day++) {
    const rows: ReviewRow[] = [];
    for (const card of cards) {
      if (card.due > day) continue;
      const elapsed = day - card.last;
      const recalled = random() < truth.forgetting_curve(elapsed, card.truth.stability);
      const rating = recalled ? 3 : 1;
      card.truth = truth.next_state(card.truth, elapsed, rating);
      card.seen = scheduler.next_state(card.seen, elapsed, rating);
      card.last = day;
      card.due = day + Math.max(1, Math.round(scheduler.next_interval(card.seen.stability, elapsed)));
      rows.push([card.id, rating, elapsed, 2, 2, -1]);
    }
    for (let n = 0; n < learner.newPerDay; n++) {
      const draw = random();
      const rating = draw < 0.3 ? 1 : draw < 0.9 ? 3 : 4;
      const seen = scheduler.next_state(null, 0, rating);
      const card = {
        id: `${learner.prefix ?? 's'}${cards.length}`,
        truth: truth.next_state(null, 0, rating),
        seen,
        last: day,
        due: 0,
      };
      card.due = day + Math.max(1, Math.round(scheduler.next_interval(seen.stability, 0)));
      cards.push(card);
      rows.push([card.id, rating, 0, 0, rating === 1 ? 1 : 2, -1]);
    }
    const at = Date.UTC(2026, 0, 1) + ((learner.startDay ?? 0) + day) * DAY_MS;
    records.push({ answered_at: new Date(at).toISOString(), reviews: rows });
  }
  return records;
}
