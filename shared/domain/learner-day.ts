/**
 * The learner's day (decision D120): each user has an IANA time zone and a day-rollover
 * hour (0–23, default 04:00 as Anki has it). A moment belongs to the learner day whose date is the
 * local calendar date of (local wall-clock time − rollover hours). FSRS elapsed days, "today" of
 * the daily quiz and of the daily mail, and "due today" count these days, never UTC dates.
 *
 * Pure (Intl only), shared by the server and the web app.
 */
export interface LearnerDaySettings {
  /** IANA zone name, e.g. `Asia/Seoul`. */
  timeZone: string;
  /** The hour (0–23, local time) at which one learner day ends and the next begins. */
  rolloverHour: number;
}

/** Users created before the setting existed: the product's original day (Korea) with Anki's rollover. */
export { DEFAULT_TIME_ZONE } from './time-zone-name.js';
export const DEFAULT_ROLLOVER_HOUR = 4;
export const DEFAULT_LEARNER_DAY: LearnerDaySettings = {
  timeZone: DEFAULT_TIME_ZONE,
  rolloverHour: DEFAULT_ROLLOVER_HOUR,
};

export { canonicalTimeZone, INVALID_TIME_ZONE, TIME_ZONE_MAX_LENGTH } from './time-zone-name.js';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from './time-zone-name.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export const isValidRolloverHour = (hour: unknown): hour is number =>
  typeof hour === 'number' && Number.isInteger(hour) && hour >= 0 && hour <= 23;

/** The stored settings, with defaults for missing or unusable values (an item written before D120). */
export function learnerDaySettings(
  user: { time_zone?: unknown; day_rollover_hour?: unknown } | undefined | null,
): LearnerDaySettings {
  const timeZone = canonicalTimeZone(user?.time_zone) ?? DEFAULT_TIME_ZONE;
  const rolloverHour = isValidRolloverHour(user?.day_rollover_hour) ? user.day_rollover_hour : DEFAULT_ROLLOVER_HOUR;
  return { timeZone, rolloverHour };
}

/** The local wall-clock time of `at` in `timeZone`, as milliseconds of a UTC date with the same fields. */
export function wallClockMs(at: Date | number, timeZone: string): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  // formatToParts has no milliseconds; the remainder of the instant keeps them (zone offsets are whole seconds).
  const remainder = ((ms % 1000) + 1000) % 1000;
  const key = `${timeZone}|${ms - remainder}`;
  let seconds = wallClocks.get(key);
  if (seconds === undefined) {
    const parts: Record<string, number> = {};
    for (const part of formatterFor(timeZone).formatToParts(ms))
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    seconds = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
    // formatToParts is slow and the same instants recur (a grade's now, a card's last review, a day's start).
    if (wallClocks.size >= WALL_CLOCK_CACHE_MAX) wallClocks.clear();
    wallClocks.set(key, seconds);
  }
  return seconds + remainder;
}
const wallClocks = new Map<string, number>();
const WALL_CLOCK_CACHE_MAX = 4096;

/**
 * The learner-day clock: wall-clock time minus the rollover, as a UTC-based millisecond count. Its
 * UTC calendar date is the learner day, so anything that counts UTC dates (ts-fsrs's elapsed days)
 * counts learner days on it. It runs with the wall clock, so it may step back in a DST fall-back.
 */
export function learnerClockMs(at: Date | number, settings: LearnerDaySettings): number {
  return wallClockMs(at, settings.timeZone) - settings.rolloverHour * HOUR_MS;
}

/** The learner day (`YYYY-MM-DD`) that `at` belongs to. */
export function learnerDay(at: Date | number, settings: LearnerDaySettings = DEFAULT_LEARNER_DAY): string {
  return new Date(learnerClockMs(at, settings)).toISOString().slice(0, 10);
}

/** Whole learner days from `earlier`'s day to `later`'s day (negative when `later`'s day is before). */
export function learnerDaysBetween(earlier: Date | number, later: Date | number, settings: LearnerDaySettings): number {
  return Math.round((Date.parse(learnerDay(later, settings)) - Date.parse(learnerDay(earlier, settings))) / DAY_MS);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of learner day `day`: the moment the local clock reaches the rollover hour on
 * that date (or, when a DST gap skips that hour, the moment the clock jumps past it).
 */
export function learnerDayStart(day: string, settings: LearnerDaySettings): Date {
  const target = Date.parse(`${day}T00:00:00Z`) + settings.rolloverHour * HOUR_MS;
  // Offsets (wall − UTC) around the target: the instant is target − offset for one of them.
  const offsets = new Set<number>();
  for (const probe of [target - 2 * DAY_MS, target - DAY_MS, target, target + DAY_MS, target + 2 * DAY_MS]) {
    offsets.add(wallClockMs(probe, settings.timeZone) - probe);
  }
  let best: number | null = null;
  for (const offset of offsets) {
    const candidate = target - offset;
    if (learnerDay(candidate, settings) === day && (best === null || candidate < best)) best = candidate;
  }
  if (best === null) best = target - (wallClockMs(target, settings.timeZone) - target);
  // The usual case: the candidate is the boundary itself (no gap), so no search.
  if (learnerDay(best - 1, settings) !== day) return new Date(best);
  // Walk back to the exact boundary when a gap put the candidate after it (never more than the gap).
  let low = best - 3 * HOUR_MS;
  if (learnerDay(low, settings) === day) return new Date(best);
  let high = best;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (learnerDay(mid, settings) === day) high = mid;
    else low = mid;
  }
  return new Date(high);
}
