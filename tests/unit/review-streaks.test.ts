import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/domain/learner-day.js';
import { reviewStreaks } from '#shared/domain/review-streaks.js';

const TODAY = '2026-03-01';
/** A history as a set of day offsets back from today (0 = today). */
const history = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 });
const countsOf = (offsets: number[]) => new Map(offsets.map((offset) => [addDays(TODAY, -offset), 1 + (offset % 3)]));

describe('reviewStreaks', () => {
  it('matches a day-by-day count of the history', () => {
    fc.assert(
      fc.property(history, (offsets) => {
        const reviewed = new Set(offsets);
        let current = 0;
        for (let day = reviewed.has(0) ? 0 : 1; reviewed.has(day); day++) current++;
        let longest = 0;
        for (let day = 0, run = 0; day <= 61; day++) {
          run = reviewed.has(day) ? run + 1 : 0;
          longest = Math.max(longest, run);
        }
        expect(reviewStreaks(countsOf(offsets), TODAY)).toEqual({ current, longest });
      }),
    );
  });

  it('the current streak never exceeds the longest, and reviewing today never shortens it', () => {
    fc.assert(
      fc.property(history, (offsets) => {
        const before = reviewStreaks(countsOf(offsets.filter((offset) => offset !== 0)), TODAY);
        const after = reviewStreaks(countsOf([...new Set([...offsets, 0])]), TODAY);
        expect(before.current).toBeLessThanOrEqual(before.longest);
        expect(after.current).toBe(before.current + 1);
      }),
    );
  });

  it('crosses month and leap-day boundaries, and counts a zero as no review', () => {
    const counts = new Map([
      ['2024-02-28', 1],
      ['2024-02-29', 2],
      ['2024-03-01', 1],
      ['2024-03-02', 0],
    ]);
    expect(reviewStreaks(counts, '2024-03-02')).toEqual({ current: 3, longest: 3 });
    expect(reviewStreaks(counts, '2024-03-03')).toEqual({ current: 0, longest: 3 });
  });
});
