import { config } from '../runtime/config.js';
import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { deliverDailyQuiz, type DeliveryOutcome, recipientPages } from '../domains/mail/index.js';
import { sleep } from '../runtime/retry.js';

/**
 * The daily mail worker: one shard of the recipients (`SCHEDULED#<shard>`), page by page from
 * `cursor`, one delivery per user (functions/domains/mail/daily-quiz-delivery.ts: exactly once per
 * user and day). It stops starting pages a minute before its time is up and answers the cursor
 * to go on from, so a shard of any size is finished by further invocations, each within the
 * 15-minute Lambda limit. Sends are paced to `DAILY_MAIL_SEND_RATE` per second (unset: unpaced,
 * the local SES emulator); SES throttling answers are retried with backoff by sendMail.
 */
export interface ShardTask {
  shard: number;
  /** The coordinator's start time: every worker builds the exams of the same quiz day. */
  at: string;
  cursor?: Record<string, unknown>;
}

export interface ShardReport extends ShardTask {
  done: boolean;
  counts: Record<DeliveryOutcome | 'failed', number>;
}

/** Users delivered in parallel within a page. */
const PARALLEL_USERS = 4;
const JOB_BUDGET_MS = 840_000;

const log = createLogger({ job: 'daily-quiz-email-worker' });

async function run(task: ShardTask, context?: { getRemainingTimeInMillis?: () => number }): Promise<ShardReport> {
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const at = new Date(task.at);
  const counts: ShardReport['counts'] = { sent: 0, 'already-claimed': 0, 'not-eligible': 0, 'no-quiz': 0, failed: 0 };
  const pace = pacer(config.dailyMailSendRate);
  let cursor = task.cursor;
  for await (const page of recipientPages(task.shard, { cursor })) {
    let next = 0;
    const work = async () => {
      while (next < page.userIds.length) {
        const userId = page.userIds[next++]!;
        try {
          await pace();
          counts[await deliverDailyQuiz(userId, at)]++;
        } catch (error) {
          // The claim is `failed`: the next run (or invocation) of the day sends it.
          counts.failed++;
          log.error('daily mail failed', { userId, error: (error as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_USERS }, work));
    cursor = page.cursor;
    if (cursor && Date.now() >= deadline) return { ...task, cursor, done: false, counts };
  }
  return { shard: task.shard, at: task.at, done: true, counts };
}

/** At most `perSecond` starts per second across this worker's parallel deliveries; no pacing without a rate. */
function pacer(perSecond: number | undefined): () => Promise<void> {
  if (!perSecond) return async () => undefined;
  const gapMs = 1000 / perSecond;
  let nextSlot = Date.now();
  return async () => {
    const slot = Math.max(nextSlot, Date.now());
    nextSlot = slot + gapMs;
    await sleep(slot - Date.now());
  };
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(run);
