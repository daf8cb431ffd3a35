import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEIGHTS,
  evaluateWeights,
  fitWeights,
  hasLongTermReview,
  keepsFit,
  measuredRetention,
  reviewLogToItems,
  timeSplit,
  validWeights,
  type FitMetrics,
} from '../../functions/domains/learning/fsrs-fit.js';
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

describe('keep the defaults when the fit is worse', () => {
  const metrics = fc.record({
    logLoss: fc.double({ min: 0, max: 2, noNaN: true }),
    rmseBins: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  it('property: a fit is kept only when it has a lower log loss and no higher RMSE(bins)', () => {
    fc.assert(
      fc.property(metrics, metrics, (fitted: FitMetrics, defaults: FitMetrics) => {
        expect(keepsFit(fitted, defaults)).toBe(
          fitted.logLoss < defaults.logLoss && fitted.rmseBins <= defaults.rmseBins,
        );
        // Never kept against itself: a tie is not better.
        expect(keepsFit(defaults, defaults)).toBe(false);
      }),
    );
  });
  it('refuses non-finite figures and malformed weights', () => {
    expect(keepsFit({ logLoss: NaN, rmseBins: 0 }, { logLoss: 1, rmseBins: 1 })).toBe(false);
    expect(validWeights([...DEFAULT_WEIGHTS])).toHaveLength(21);
    expect(validWeights([1, 2, 3])).toBeNull();
    expect(validWeights([...DEFAULT_WEIGHTS.slice(1), Infinity])).toBeNull();
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
  /** A learner who forgets much faster than the defaults assume, drawn with a seeded generator. */
  function syntheticLog(cards: number, seed: number) {
    let state = seed;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const records: { answered_at: string; reviews: ReviewRow[] }[] = [];
    for (let c = 0; c < cards; c++) {
      let day = Math.floor(random() * 30);
      let interval = 0;
      let stability = 0.6;
      for (let k = 0; k < 6; k++) {
        const recalled = k === 0 ? random() < 0.6 : random() < Math.pow(1 + interval / (9 * stability), -1);
        records.push({
          answered_at: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000 + c * 1000).toISOString(),
          reviews: [row(`q${c}`, recalled ? 3 : 1, interval, k ? 2 : 0, 2)],
        });
        stability = recalled ? stability * 1.8 : Math.max(0.3, stability * 0.5);
        interval = Math.max(1, Math.round(stability * 2));
        day += interval;
      }
    }
    return records;
  }

  it('fits 21 weights that beat the defaults on held-back reviews of a learner far from them', async () => {
    const outcome = await fitWeights(reviewLogToItems(syntheticLog(300, 7)));
    expect(outcome.outcome).toBe('fitted');
    expect(outcome.weights).toHaveLength(21);
    expect(outcome.fitted!.logLoss).toBeLessThan(outcome.defaults!.logLoss);
  }, 60_000);

  it('keeps the defaults below the threshold', async () => {
    const outcome = await fitWeights(reviewLogToItems(syntheticLog(20, 3)));
    expect(outcome).toMatchObject({ outcome: 'too_few_reviews', weights: null });
  });

  it('keeps the defaults when the held-back reviews are too few for the optimizer to judge', async () => {
    // Two-review cards: fsrs-rs refuses to evaluate 20 such items (NotEnoughData), so 100 hold back too few.
    const items = Array.from({ length: 100 }, (_, i) => ({
      reviews: [
        { rating: 3, deltaT: 0 },
        { rating: i % 3 ? 3 : 1, deltaT: 1 + (i % 5) },
      ],
      at: i,
    }));
    const outcome = await fitWeights(items, 100);
    expect(outcome).toMatchObject({ outcome: 'too_few_reviews', weights: null, items: 100 });
  });

  it('evaluates the defaults as the binding does', async () => {
    const items = reviewLogToItems(syntheticLog(50, 5)).filter(hasLongTermReview);
    const m = await evaluateWeights(items, DEFAULT_WEIGHTS);
    expect(m.logLoss).toBeGreaterThan(0);
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
