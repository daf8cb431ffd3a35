import { createLogger } from '../lib/log.js';

/**
 * Retention cleanup. Its body arrives with the results issue; until then the schedule is wired
 * end to end (EventBridge Scheduler in AWS, a timer locally, `npm run job -- retention-cleanup`).
 */
export async function handler(): Promise<{ job: string; deleted: number }> {
  createLogger({ job: 'retention-cleanup' }).info('nothing to do yet: retention cleanup is not built');
  return { job: 'retention-cleanup', deleted: 0 };
}
