import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `USER#<id>`/`REVCAL#<yyyy>`: how many reviews the learner made on each learner day (D120) of one
 * year, as number attributes `d<MM-DD>` (at most 366, ≈ 5 KB), added to in the same transaction as
 * the review log (D171). The heatmap and the streaks read two of these items, whatever the history.
 */
const SK_PREFIX = 'REVCAL#';

export const reviewCalendarEntity = {
  key: (userId: string, year: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${year}` }),
  skPrefix: SK_PREFIX,
  type: 'REVCAL',
  /**
   * The attributes counting the exam answers of a learner day against the daily limits (D186): cards
   * answered while new (`n<MM-DD>`) and while in review (`r<MM-DD>`).
   */
  limitAttributes: (day: string) => ({ new: `n${day.slice(5, 10)}`, reviews: `r${day.slice(5, 10)}` }),
  /** What the exam answers of `day` count against its limits, from its year's item. */
  limitCounts(item: Record<string, unknown> | undefined, day: string): { new: number; reviews: number } {
    const names = reviewCalendarEntity.limitAttributes(day);
    const num = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);
    return { new: num(item?.[names.new]), reviews: num(item?.[names.reviews]) };
  },
  /** The attribute of a learner day `YYYY-MM-DD` in its year's item. */
  attribute: (day: string) => `d${day.slice(5, 10)}`,
  /** The counts of one year's item, keyed by learner day `YYYY-MM-DD`. */
  counts(item: Record<string, unknown> | undefined, year: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [name, value] of Object.entries(item ?? {})) {
      if (/^d\d\d-\d\d$/.test(name) && typeof value === 'number' && value > 0)
        counts.set(`${year}-${name.slice(1)}`, value);
    }
    return counts;
  },
};
