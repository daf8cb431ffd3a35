import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  forgettingShape,
  NEW_SHARE_MIN_OBSERVATIONS,
  newShareFor,
  type NewShareRule,
  type RecallObservation,
} from '#shared/domain/new-card-share.js';

/** The share of new cards from the shape of a learner's forgetting (D485; measured, not adopted). */
const rule: NewShareRule = {
  fallback: 2 / 5,
  fast: 1 / 3,
  slow: 2 / 3,
  threshold: 1,
  minObservations: NEW_SHARE_MIN_OBSERVATIONS,
};

const observation = fc.record({
  elapsedDays: fc.integer({ min: 0, max: 60 }),
  predicted: fc.double({ min: 0.01, max: 1, noNaN: true }),
  recalled: fc.boolean(),
});
const observations = fc.array(observation, { maxLength: 200 });

/** n answers after `days`, each predicted `predicted`, of which `right` were right. */
const answers = (n: number, days: number, predicted: number, right: number): RecallObservation[] =>
  Array.from({ length: n }, (_, i) => ({ elapsedDays: days, predicted, recalled: i < right }));

describe('forgettingShape', () => {
  it('compares right against predicted after long gaps with the same after short gaps (worked case)', () => {
    // Short: 40 right of 50 predicted 0.8 → 1.0; long: 20 right of 40 predicted 0.625 → 0.8.
    const shape = forgettingShape([...answers(50, 1, 0.8, 40), ...answers(40, 5, 0.625, 20)]);
    expect(shape).toEqual({ short: 50, long: 40, ratio: expect.closeTo(0.8, 10) });
  });

  it('leaves out same-day answers and impossible predictions', () => {
    const shape = forgettingShape([
      ...answers(10, 0, 0.9, 10),
      { elapsedDays: 3, predicted: 0, recalled: true },
      { elapsedDays: 3, predicted: Number.NaN, recalled: true },
      ...answers(4, 2, 0.5, 2),
    ]);
    expect(shape).toEqual({ short: 4, long: 0, ratio: null });
  });

  it('counts every later-day answer once, in the group of its gap', () => {
    fc.assert(
      fc.property(observations, (list) => {
        const shape = forgettingShape(list);
        expect(shape.short).toBe(list.filter((o) => o.elapsedDays >= 1 && o.elapsedDays <= 2).length);
        expect(shape.long).toBe(list.filter((o) => o.elapsedDays >= 3).length);
        if (shape.ratio !== null) expect(shape.ratio).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('does not depend on how many times the same answers are counted', () => {
    fc.assert(
      fc.property(observations, fc.integer({ min: 2, max: 4 }), (list, k) => {
        const once = forgettingShape(list).ratio;
        const repeated = forgettingShape(Array.from({ length: k }, () => list).flat()).ratio;
        if (once === null) expect(repeated).toBeNull();
        else expect(repeated).toBeCloseTo(once, 9);
      }),
    );
  });

  it('never falls when a long-gap answer turns right, never rises when a short-gap one does', () => {
    fc.assert(
      fc.property(observations, fc.nat(), (list, pick) => {
        const wrong = list.map((o, i) => ({ o, i })).filter(({ o }) => o.elapsedDays >= 1 && !o.recalled);
        if (wrong.length === 0) return;
        const { o, i } = wrong[pick % wrong.length]!;
        const before = forgettingShape(list).ratio;
        const after = forgettingShape(list.map((x, j) => (j === i ? { ...x, recalled: true } : x))).ratio;
        if (before === null || after === null) return;
        if (o.elapsedDays >= 3) expect(after).toBeGreaterThanOrEqual(before - 1e-12);
        else expect(after).toBeLessThanOrEqual(before + 1e-12);
      }),
    );
  });
});

describe('newShareFor', () => {
  it('is the fallback, the fast or the slow share, and the fallback below the minimum in either group', () => {
    fc.assert(
      fc.property(observations, (list) => {
        const share = newShareFor(list, rule);
        expect([rule.fallback, rule.fast, rule.slow]).toContain(share);
        const shape = forgettingShape(list);
        if (shape.short < rule.minObservations || shape.long < rule.minObservations) expect(share).toBe(rule.fallback);
      }),
    );
  });

  it('gives the fast share when long gaps fall short of the curve, the slow one when they hold up', () => {
    const short = answers(40, 1, 0.9, 36);
    expect(newShareFor([...short, ...answers(40, 7, 0.8, 16)], rule)).toBe(rule.fast);
    expect(newShareFor([...short, ...answers(40, 7, 0.8, 34)], rule)).toBe(rule.slow);
    expect(newShareFor([...short, ...answers(29, 7, 0.8, 10)], rule)).toBe(rule.fallback);
  });
});
