import type { ReviewRating } from '#shared/contracts/review.js';
import type { Verdict } from '#shared/domain/answer-check.js';

export const RATINGS: readonly ReviewRating[] = ['again', 'hard', 'good', 'easy'];

/** 1 Again … 4 Easy. */
export const ratingNumber = (rating: ReviewRating) => RATINGS.indexOf(rating) + 1;

/** The grade a typed or chosen answer proposes: right → Good, almost → Hard, wrong → Again. */
export function proposedRating(verdict: Verdict | 'wrong' | 'correct' | null | undefined): ReviewRating | null {
  if (!verdict) return null;
  return verdict === 'correct' ? 'good' : verdict === 'almost' ? 'hard' : 'again';
}

const UNITS: [unit: 'minute' | 'hour' | 'day' | 'month' | 'year', seconds: number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * An interval as Anki writes it on a button: "10m", "3d", "1.5 mths" (Intl's narrow units in the
 * screen's language; months short, since English's narrow month is "m", like minutes).
 */
export function formatInterval(seconds: number, language: string): string {
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? UNITS[UNITS.length - 1]!;
  const value = Math.max(1, seconds / size);
  const rounded = value < 10 && (unit === 'month' || unit === 'year') ? Math.round(value * 10) / 10 : Math.round(value);
  const unitDisplay = unit === 'month' ? 'short' : 'narrow';
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay }).format(rounded);
}
