import type { ReviewRow } from '../../functions/domains/learning/entities/review-log.js';

/**
 * A review log written by us for fitting tests: a learner who forgets much faster than FSRS's
 * defaults assume (recall 1/(1 + t/(9S)) with S growing ×1.8 on success), seeded, one record per
 * learner day holding that day's rows, as the review log groups a sitting.
 */
export function syntheticReviewLog(cards: number, seed: number): { answered_at: string; reviews: ReviewRow[] }[] {
  let state = seed;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const byDay = new Map<number, ReviewRow[]>();
  for (let c = 0; c < cards; c++) {
    let day = Math.floor(random() * 30);
    let interval = 0;
    let stability = 0.6;
    for (let k = 0; k < 6; k++) {
      const recalled = k === 0 ? random() < 0.6 : random() < Math.pow(1 + interval / (9 * stability), -1);
      const rows = byDay.get(day) ?? [];
      rows.push([`q${c}`, recalled ? 3 : 1, interval, k ? 2 : 0, 2, -1]);
      byDay.set(day, rows);
      stability = recalled ? stability * 1.8 : Math.max(0.3, stability * 0.5);
      interval = Math.max(1, Math.round(stability * 2));
      day += interval;
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, reviews]) => ({
      answered_at: new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString(),
      reviews,
    }));
}
