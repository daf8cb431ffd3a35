/**
 * The quiz day a moment belongs to: the calendar date in Korea (UTC+9, no daylight saving). The
 * daily mail goes out at 22:00 UTC, 07:00 KST, and the exam it links must be the one the home card
 * opens for the rest of that Korean day; a UTC date would switch to a new exam two hours after
 * the mail. One offset for every user until users carry a time zone.
 */
export const QUIZ_DAY_UTC_OFFSET_HOURS = 9;

export function quizDay(now: Date): string {
  return new Date(now.getTime() + QUIZ_DAY_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}
