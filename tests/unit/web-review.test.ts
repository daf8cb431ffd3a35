import { describe, expect, it } from 'vitest';
import { formatInterval, proposedRating, ratingNumber } from '../../web/src/features/review/utils/intervals.js';

describe('review screen helpers', () => {
  it('writes intervals as Anki does on its buttons, in the screen language', () => {
    expect(formatInterval(60, 'en')).toBe('1m');
    expect(formatInterval(600, 'en')).toBe('10m');
    expect(formatInterval(3 * 3600, 'en')).toBe('3h');
    expect(formatInterval(8 * 86_400, 'en')).toBe('8d');
    expect(formatInterval(45 * 86_400, 'en')).toBe('1.5 mths');
    expect(formatInterval(45 * 86_400, 'ko')).toBe('1.5개월');
    expect(formatInterval(400 * 86_400, 'en')).toBe('1.1y');
    expect(formatInterval(8 * 86_400, 'ko')).toBe('8일');
    expect(formatInterval(0, 'en')).toBe('1m');
  });

  it('proposes a grade from the verdict: right Good, almost Hard, wrong Again, none without a verdict', () => {
    expect(proposedRating('correct')).toBe('good');
    expect(proposedRating('almost')).toBe('hard');
    expect(proposedRating('wrong')).toBe('again');
    expect(proposedRating(null)).toBeNull();
    expect(['again', 'hard', 'good', 'easy'].map((r) => ratingNumber(r as never))).toEqual([1, 2, 3, 4]);
  });
});
