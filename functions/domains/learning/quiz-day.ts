import { DEFAULT_LEARNER_DAY, learnerDay, type LearnerDaySettings } from '#shared/domain/learner-day.js';

/**
 * The quiz day a moment belongs to: the learner's day (D120), the local date in the user's time
 * zone once the rollover hour (default 04:00) has passed. The daily exam the home card opens and
 * the one the daily mail links are both the exam of this day, so they agree whenever the mail
 * goes out. Users without settings count in Asia/Seoul.
 */
export function quizDay(now: Date, day: LearnerDaySettings = DEFAULT_LEARNER_DAY): string {
  return learnerDay(now, day);
}
