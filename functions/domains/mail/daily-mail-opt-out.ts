import { StaleUser, getUser, updateUser, type UserRecord } from '../users/index.js';
import { retry } from '../../runtime/retry.js';

/**
 * Turns a user's daily quiz email off (the one-click unsubscribe, a bounce or a complaint):
 * `random_exam_email_enabled = false` through updateUser, which also drops the sparse
 * `SCHEDULED#` key when nothing else is scheduled. Null when the user is gone.
 */
export async function turnDailyMailOff(userId: string): Promise<UserRecord | null> {
  return retry(
    async () => {
      const user = await getUser(userId);
      if (!user) return null;
      return user.random_exam_email_enabled ? updateUser(user, { random_exam_email_enabled: false }) : user;
    },
    { attempts: 3, baseMs: 50, shouldRetry: (error) => error instanceof StaleUser },
  );
}
