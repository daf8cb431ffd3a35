import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEIGHTS,
  FIT_MIN_ITEMS,
  FULL_FIT_MIN_ITEMS,
  MIN_LOG_LOSS_GAIN,
  fitKindFor,
  fitWeights,
  hasLongTermReview,
  keepsFit,
  KEEP_NOISE_MULTIPLE,
  logLoss,
  logLossTerms,
  measuredRetention,
  pairedStandardError,
  reviewLogToItems,
  timeSplit,
  validWeights,
} from '../../functions/domains/learning/fsrs-fit.js';
import { movedWeights, syntheticFsrsLog } from '../../bench/synthetic-fsrs-learner.js';
import { syntheticReviewLog } from '../support/synthetic-review-log.js';
import { newCard, reviewCard, schedulerFor } from '../../functions/domains/learning/fsrs.js';
import type { ReviewRow } from '../../functions/domains/learning/entities/review-log.js';

const row = (q: string, rating: number, elapsed: number, before = 0, after = 1): ReviewRow => [
  q,
  rating,
  elapsed,
  before,
  after,
  -1,
];

describe('review log → FSRSItem', () => {
  it('groups rows by question in write order, one item per review after the first, first deltaT 0', () => {
    const items = reviewLogToItems([
      // Written out of order: the conversion orders items by answered_at.
      { answered_at: '2026-01-03T10:00:00.000Z', reviews: [row('a', 3, 2, 2, 2)] },
      { answered_at: '2026-01-01T10:00:00.000Z', reviews: [row('a', 1, 5), row('b', 3, 0)] },
      { answered_at: '2026-01-01T10:05:00.000Z', reviews: [row('a', 3, 0, 1, 1)] },
    ]);
    expect(items.map((i) => i.reviews)).toEqual([
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 0 },
      ],
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
      ],
    ]);
    expect(items.map((i) => new Date(i.at).toISOString())).toEqual([
      '2026-01-01T10:05:00.000Z',
      '2026-01-03T10:00:00.000Z',
    ]);
    expect(items.map(hasLongTermReview)).toEqual([false, true]);
  });

  it('leaves out cards whose log starts after their first review (answered before the log existed)', () => {
    const items = reviewLogToItems([
      { answered_at: '2026-01-01T00:00:00.000Z', reviews: [row('old', 3, 4, 2, 2), row('new', 3, 0, 0, 1)] },
      { answered_at: '2026-01-05T00:00:00.000Z', reviews: [row('old', 3, 9, 2, 2), row('new', 1, 4, 1, 3)] },
    ]);
    expect(items.map((i) => i.reviews)).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 1, deltaT: 4 },
      ],
    ]);
  });

  it('skips ratings outside 1–4', () => {
    const items = reviewLogToItems([
      { answered_at: '2026-01-01T00:00:00.000Z', reviews: [row('a', 3, 0), row('a', 0, 1), row('a', 7, 1)] },
    ]);
    expect(items).toEqual([]);
  });

  it('property: n reviews over k cards give n − k items, each starting at deltaT 0, ratings 1–4', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 1, max: 4 }), fc.nat(40)), {
          maxLength: 60,
        }),
        (reviews) => {
          const records = reviews.map(([q, rating, elapsed], i) => ({
            answered_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
            reviews: [row(q, rating, elapsed)],
          }));
          const items = reviewLogToItems(records);
          expect(items.length).toBe(reviews.length - new Set(reviews.map(([q]) => q)).size);
          for (const item of items) {
            expect(item.reviews[0]!.deltaT).toBe(0);
            expect(item.reviews.every((r) => r.rating >= 1 && r.rating <= 4 && r.deltaT >= 0)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('time split', () => {
  it('holds back the newest fifth, never all of it', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ reviews: [], at: 10 - i }));
    const { train, test } = timeSplit(items);
    expect(test.map((i) => i.at)).toEqual([9, 10]);
    expect(train).toHaveLength(8);
    expect(Math.max(...train.map((i) => i.at))).toBeLessThan(Math.min(...test.map((i) => i.at)));
    expect(timeSplit([{ reviews: [], at: 1 }]).train).toHaveLength(1);
  });
});

describe('the keep rule: a fit must beat the current weights on held-back reviews', () => {
  const loss = fc.double({ min: 0, max: 3, noNaN: true });
  it('property: kept exactly when its log loss is lower by at least the least gain; never against itself', () => {
    fc.assert(
      fc.property(loss, loss, (fitted, current) => {
        expect(keepsFit(fitted, current)).toBe(fitted <= current - MIN_LOG_LOSS_GAIN);
        if (fitted >= current) expect(keepsFit(fitted, current)).toBe(false);
        expect(keepsFit(current, current)).toBe(false);
      }),
    );
  });
  it('property: with a noise multiple, kept exactly when the gain passes the floor and exceeds the noise times it', () => {
    fc.assert(
      fc.property(
        loss,
        loss,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.constantFrom(0.5, 1, 2),
        (fitted, current, noise, multiple) => {
          const gain = current - fitted;
          expect(keepsFit(fitted, current, noise, multiple)).toBe(
            gain >= MIN_LOG_LOSS_GAIN && (noise === 0 || gain > multiple * noise),
          );
          // Stricter never keeps what the plain rule refuses; more noise never keeps more.
          if (keepsFit(fitted, current, noise, multiple)) expect(keepsFit(fitted, current)).toBe(true);
          if (!keepsFit(fitted, current, noise, multiple))
            expect(keepsFit(fitted, current, noise * 2, multiple)).toBe(false);
        },
      ),
    );
    // The product's rule is the plain one (D416): the noise does not decide.
    expect(KEEP_NOISE_MULTIPLE).toBe(0);
    expect(keepsFit(0.39, 0.4, 0.1)).toBe(true);
  });
  it('the noise is the standard error of the paired per-item differences', () => {
    expect(pairedStandardError([1, 1, 1], [0.5, 0.5, 0.5])).toBe(0);
    // Differences 0.1, 0.3: mean 0.2, sd √0.02, se √0.02/√2 = 0.1.
    expect(pairedStandardError([0.5, 0.7], [0.4, 0.4])).toBeCloseTo(0.1, 12);
    expect(pairedStandardError([1], [0])).toBe(0);
    // With a multiple of 1, a gain of 0.01 with noise 0.1 is refused; with noise 0.001 it is kept.
    expect(keepsFit(0.39, 0.4, 0.1, 1)).toBe(false);
    expect(keepsFit(0.39, 0.4, 0.001, 1)).toBe(true);
  });
  it('the per-item losses average to the log loss', () => {
    const items = reviewLogToItems(syntheticFsrsLog({ weights: movedWeights(7, 1), newPerDay: 5, days: 20, seed: 7 }));
    const terms = logLossTerms(items, DEFAULT_WEIGHTS);
    const { logLoss: ll, items: n } = logLoss(items, DEFAULT_WEIGHTS);
    expect(terms).toHaveLength(n);
    expect(terms.reduce((a, b) => a + b, 0) / n).toBeCloseTo(ll, 12);
  });
  it('refuses non-finite figures and malformed weights', () => {
    expect(keepsFit(NaN, 1)).toBe(false);
    expect(keepsFit(Infinity, 1)).toBe(false);
    expect(keepsFit(0.4, NaN)).toBe(true);
    expect(validWeights([...DEFAULT_WEIGHTS])).toHaveLength(21);
    expect(validWeights([1, 2, 3])).toBeNull();
    expect(validWeights([...DEFAULT_WEIGHTS.slice(1), Infinity])).toBeNull();
  });
  it('fit kinds: none below 60 items, the first stabilities from 60, all weights from 1,000', () => {
    expect([0, 59, 60, 999, 1000, 5000].map((n) => fitKindFor(n))).toEqual([
      null,
      null,
      'initial',
      'initial',
      'full',
      'full',
    ]);
    fc.assert(
      fc.property(fc.nat(3000), fc.nat(3000), (a, b) => {
        const rank = (n: number) => [null, 'initial', 'full'].indexOf(fitKindFor(n));
        // More items never allow a smaller fit.
        expect(a <= b ? rank(a) <= rank(b) : rank(a) >= rank(b)).toBe(true);
      }),
    );
  });
});

describe('held-back log loss', () => {
  const item = (reviews: [number, number][]) => ({
    reviews: reviews.map(([rating, deltaT]) => ({ rating, deltaT })),
    at: 0,
  });
  it('is −log of the probability the weights gave what happened, over items ending on a later day', () => {
    // Good first: stability w2; recall after t days (1 + f·t/S)^−d with FSRS-6's decay w20.
    const w = DEFAULT_WEIGHTS;
    const decay = w[20]!;
    const factor = Math.pow(0.9, -1 / decay) - 1;
    const recall = Math.pow(1 + (factor * 3) / w[2]!, -decay);
    const { logLoss: ll, items } = logLoss(
      [
        item([
          [3, 0],
          [3, 3],
        ]),
        item([
          [3, 0],
          [1, 3],
        ]),
        // Ends on the same day: not counted.
        item([
          [3, 0],
          [1, 0],
        ]),
      ],
      w,
    );
    expect(items).toBe(2);
    expect(ll).toBeCloseTo(-(Math.log(recall) + Math.log(1 - recall)) / 2, 6);
    expect(Number.isNaN(logLoss([], w).logLoss)).toBe(true);
  });
});

describe('measured retention', () => {
  it('is the share of due (review-state) reviews recalled', () => {
    const records = [
      { reviews: [row('a', 3, 3, 2, 2), row('b', 1, 4, 2, 3), row('c', 1, 0, 1, 1), row('d', 4, 9, 2, 2)] },
    ];
    expect(measuredRetention(records)).toEqual({ retention: 2 / 3, reviews: 3 });
    expect(measuredRetention([])).toEqual({ retention: null, reviews: 0 });
  });
});

describe('fitting with the fsrs-rs optimizer', () => {
  const learnerLog = (scale: number, seed: number, days: number) =>
    syntheticFsrsLog({ weights: movedWeights(seed, scale), newPerDay: 5, days, seed });

  it('fits the first stabilities from ~70 items in the direction of the learner who made them, nothing else', async () => {
    // Learners whose first stabilities are 0.3× or 3× the defaults, answering for 11 days.
    for (const [scale, seed] of [
      [0.3, 2],
      [0.3, 3],
      [3, 1],
      [3, 3],
    ] as const) {
      const outcome = await fitWeights(reviewLogToItems(learnerLog(scale, seed, 11)));
      expect(outcome.kind).toBe('initial');
      expect(outcome.items).toBeLessThan(FULL_FIT_MIN_ITEMS);
      const proposal = outcome.proposal!;
      // Again (w0) and Good (w2), the grades the log holds, move the way the true weights lie.
      for (const g of [0, 2])
        expect(Math.sign(Math.log(proposal[g]! / DEFAULT_WEIGHTS[g]!))).toBe(Math.sign(Math.log(scale)));
      expect(proposal.slice(4)).toEqual(DEFAULT_WEIGHTS.slice(4));
    }
  }, 60_000);

  it('keeps a fit that beats the current weights on the held-back reviews, and says by how much', async () => {
    const outcome = await fitWeights(reviewLogToItems(learnerLog(0.3, 2, 30)));
    expect(outcome).toMatchObject({ outcome: 'fitted', kind: 'initial' });
    expect(outcome.weights).toHaveLength(21);
    expect(outcome.weights!.slice(4)).toEqual(DEFAULT_WEIGHTS.slice(4));
    expect(outcome.heldBack).toBeGreaterThan(0);
    expect(outcome.logLossAfter!).toBeLessThan(outcome.logLossBefore! - MIN_LOG_LOSS_GAIN);
    expect(outcome.gainNoise!).toBeGreaterThan(0);
  }, 60_000);

  it('with a noise multiple of 1, discards a gain within its noise that the plain rule keeps', async () => {
    // Learners close to the defaults: small gains; find one the plain rule keeps and the noise rule refuses.
    let seen = false;
    for (let seed = 1; seed <= 12 && !seen; seed++) {
      const items = reviewLogToItems(
        syntheticFsrsLog({ weights: movedWeights(seed, 1), newPerDay: 5, days: 30, seed }),
      );
      const strict = await fitWeights(items, { keepNoiseMultiple: 1 });
      if (strict.outcome !== 'kept_current' || !(strict.logLossBefore! - strict.logLossAfter! >= MIN_LOG_LOSS_GAIN))
        continue;
      seen = true;
      expect(strict.logLossBefore! - strict.logLossAfter!).toBeLessThanOrEqual(strict.gainNoise!);
      expect(strict.weights).toBeNull();
      const plain = await fitWeights(items);
      expect(plain.outcome).toBe('fitted');
    }
    expect(seen).toBe(true);
  }, 120_000);

  it('discards a fit that is worse on the held-back reviews and keeps the current weights, personal ones included', async () => {
    // The older reviews are a fast forgetter's, the newest ones a learner on the defaults': the fit learns the past.
    const log = [
      ...syntheticFsrsLog({ weights: movedWeights(5, 0.2), newPerDay: 8, days: 30, seed: 5, prefix: 'a' }),
      ...syntheticFsrsLog({ weights: [...DEFAULT_WEIGHTS], newPerDay: 8, days: 8, seed: 6, prefix: 'b', startDay: 30 }),
    ];
    const fromDefaults = await fitWeights(reviewLogToItems(log));
    expect(fromDefaults).toMatchObject({ outcome: 'kept_current', weights: null });
    expect(fromDefaults.logLossAfter!).toBeGreaterThan(fromDefaults.logLossBefore!);

    const personal = [...DEFAULT_WEIGHTS];
    personal[2] = 2.5;
    const fromPersonal = await fitWeights(reviewLogToItems(log), { current: personal });
    expect(fromPersonal.outcome).toBe('kept_current');
    expect(fromPersonal.weights).toEqual(personal);
  }, 60_000);

  it('does not fit below the threshold, and keeps what the learner had', async () => {
    const outcome = await fitWeights(reviewLogToItems(syntheticReviewLog(5, 3)));
    expect(outcome).toMatchObject({ outcome: 'too_few_reviews', weights: null, kind: null, heldBack: 0 });
    expect(outcome.items).toBeLessThan(FIT_MIN_ITEMS);
    const mine = [...DEFAULT_WEIGHTS];
    expect((await fitWeights(reviewLogToItems(syntheticReviewLog(5, 3)), { current: mine })).weights).toEqual(mine);
  });
});

describe('schedulerFor(user)', () => {
  it('schedules with the learner fitted weights, the defaults otherwise', () => {
    const weights = [...DEFAULT_WEIGHTS];
    weights[2] = 0.5; // Good's first stability: days instead of ~2.3
    weights[20] = 0.5;
    const t0 = new Date('2026-03-01T03:00:00Z');
    const fitted = schedulerFor({ fsrs_weights: weights });
    const plain = schedulerFor({});
    expect(plain.weights).toBeNull();
    expect(schedulerFor({ fsrs_weights: [1, 2] }).weights).toBeNull();
    const a = fitted.review(newCard(t0), 'good', t0);
    const b = plain.review(newCard(t0), 'good', t0);
    expect(a.stability).not.toBe(b.stability);
    expect(plain.review(newCard(t0), 'good', t0)).toEqual(reviewCard(undefined, true, t0));
    const later = new Date('2026-03-04T03:00:00Z');
    expect(fitted.retrievability(a, later)).not.toBe(plain.retrievability(a, later));
  });
});
