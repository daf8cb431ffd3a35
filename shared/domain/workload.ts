/**
 * Workload the learner controls (docs/learning.md "Workload"; decisions D326–D332): Easy Days and
 * the load balancer that places a review's due day inside its fuzz range. Pure, shared by the
 * server (the grade) and the web app (the settings form).
 */

/** How much of a normal day's reviews a weekday may carry. */
export const EASY_DAY_MODES = ['normal', 'reduced', 'minimum'] as const;
export type EasyDayMode = (typeof EASY_DAY_MODES)[number];
/** One mode per ISO weekday, Monday first (index 0 Monday … 6 Sunday). */
export type EasyDays = readonly EasyDayMode[];
export const WEEKDAYS = 7;
export const DEFAULT_EASY_DAYS: EasyDays = Array.from({ length: WEEKDAYS }, () => 'normal' as const);
/** The code of a 400 when `easy_days` is not seven known modes. */
export const INVALID_EASY_DAYS = 'invalid_easy_days';

/**
 * A day's share of a normal day's load. A minimum day takes a review only when its whole range is
 * minimum days (the card must land somewhere); then the lightest of them.
 */
export const EASY_DAY_SHARE: Record<EasyDayMode, number> = { normal: 1, reduced: 0.5, minimum: 1 };

export const isEasyDays = (value: unknown): value is EasyDays =>
  Array.isArray(value) &&
  value.length === WEEKDAYS &&
  value.every((mode) => (EASY_DAY_MODES as readonly unknown[]).includes(mode));

/** The stored setting, or every day normal for a user written before it (or an unusable value). */
export const easyDaysOf = (user: { easy_days?: unknown } | null | undefined): EasyDays =>
  isEasyDays(user?.easy_days) ? user.easy_days : DEFAULT_EASY_DAYS;

/** Load balancing is on unless the learner turned it off (Anki's default). */
export const loadBalancingOf = (user: { load_balancing?: unknown } | null | undefined): boolean =>
  user?.load_balancing !== false;

/** The ISO weekday index (0 Monday … 6 Sunday) of a `YYYY-MM-DD` day. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Whether placing a due day needs the learner's due counts at all. */
export const placementWanted = (balancing: boolean, easyDays: EasyDays): boolean =>
  balancing || easyDays.some((mode) => mode !== 'normal');

export interface PlacementInput {
  /** The interval range (days from today) the scheduler's fuzz could have drawn from. */
  min: number;
  max: number;
  /** The interval the fuzz drew. */
  fuzzed: number;
  /** An unfuzzed interval with the day either side: only an Easy Day moves it. */
  short?: boolean;
  /** The weekday index (0 Monday) of `today + interval`. */
  weekday: (interval: number) => number;
  /** Reviews already due on `today + interval`. */
  dueOn: (interval: number) => number;
  balancing: boolean;
  easyDays: EasyDays;
}

/**
 * The interval to schedule: always inside [min, max], the fuzz's own range (D327). With load
 * balancing, the day of least load relative to its Easy-Day share, (due + 1) / share, never a
 * minimum day while the range has another; ties go to
 * the interval nearest the fuzz's draw, then the shorter (a shorter interval costs retention
 * nothing). Without it, the fuzz's draw stays unless its weekday is reduced or minimum, in which
 * case the same rule picks among the range; so does a short (unfuzzed) interval's range.
 */
export function placeInterval(input: PlacementInput): number {
  const { min, max, fuzzed, weekday, dueOn, easyDays } = input;
  if (!(max > min) || fuzzed < min || fuzzed > max) return fuzzed;
  if ((input.short || !input.balancing) && easyDays[weekday(fuzzed)] === 'normal') return fuzzed;
  const modeOf = (interval: number) => easyDays[weekday(interval)] ?? 'normal';
  let onlyMinimum = true;
  for (let interval = min; interval <= max && onlyMinimum; interval++) onlyMinimum = modeOf(interval) === 'minimum';
  let best = fuzzed;
  let bestScore = Infinity;
  for (let interval = min; interval <= max; interval++) {
    if (!onlyMinimum && modeOf(interval) === 'minimum') continue;
    const share = EASY_DAY_SHARE[modeOf(interval)];
    const score = (dueOn(interval) + 1) / share;
    const better =
      score < bestScore ||
      (score === bestScore &&
        (Math.abs(interval - fuzzed) < Math.abs(best - fuzzed) ||
          (Math.abs(interval - fuzzed) === Math.abs(best - fuzzed) && interval < best)));
    if (better) {
      best = interval;
      bestScore = score;
    }
  }
  return best;
}
