import { createLogger } from '../lib/log.js';

/**
 * Daily quiz email. Its body arrives with the daily-quiz issue; until then the schedule is wired
 * end to end (EventBridge Scheduler in AWS, a timer locally, `npm run job -- daily-quiz-email`).
 */
export async function handler(): Promise<{ job: string; sent: number }> {
  createLogger({ job: 'daily-quiz-email' }).info('nothing to do yet: the daily quiz email is not built');
  return { job: 'daily-quiz-email', sent: 0 };
}
