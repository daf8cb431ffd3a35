import { addDays } from './learner-day.js';

/**
 * Streaks of a learner's review days: the current streak counts back from today when the
 * learner has reviewed today, else from yesterday (a day not yet reviewed does not break it until it
 * is over); the longest is the longest run of consecutive reviewed days among `counts`. Days are
 * learner days `YYYY-MM-DD` (D120); a count of 0 is no review.
 */
export function reviewStreaks(
  counts: ReadonlyMap<string, number>,
  today: string,
): { current: number; longest: number } {
  const reviewed = (day: string) => (counts.get(day) ?? 0) > 0;
  let current = 0;
  for (let day = reviewed(today) ? today : addDays(today, -1); reviewed(day); day = addDays(day, -1)) current++;
  let longest = 0;
  for (const day of counts.keys()) {
    if (!reviewed(day) || reviewed(addDays(day, -1))) continue; // only the first day of a run
    let run = 0;
    for (let next = day; reviewed(next); next = addDays(next, 1)) run++;
    longest = Math.max(longest, run);
  }
  return { current, longest };
}
