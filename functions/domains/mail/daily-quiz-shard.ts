import { config } from '../../runtime/config.js';
import type { Logger } from '../../runtime/log.js';
import { sleep } from '../../runtime/retry.js';
import { isPermanentSendFailure } from '../../runtime/mail/send-mail.js';
import { deliverDailyQuiz, type DeliveryOutcome } from './daily-quiz-delivery.js';
import { recipientPages } from './daily-quiz-recipients.js';

/**
 * The daily mail worker: one shard of the recipients (`SCHEDULED#<shard>`), page by page from
 * `cursor`, one delivery per user (daily-quiz-delivery.ts: exactly once per
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
  /** What the shard's earlier invocations of this run accounted for (the finish step sums them). */
  total?: ShardCounts;
}

export type ShardCounts = Record<DeliveryOutcome | 'failed', number>;

export interface ShardReport extends ShardTask {
  done: boolean;
  /** The daily mail's kill switch was off: nothing was read or sent (runtime/switches.ts). */
  paused?: boolean;
  /** This invocation's outcomes. */
  counts: ShardCounts;
  /** This run's outcomes for the shard so far (`total` of the task plus `counts`). */
  total: ShardCounts;
  /** Failures of this invocation another attempt may fix (not a rejected message or address). */
  retryable: number;
}

/** Thrown by a shard invocation in which sends failed: the state machine retries it with backoff. */
export class ShardSendsFailed extends Error {
  constructor(readonly report: ShardReport) {
    super(`daily mail: ${report.counts.failed} sends failed in shard ${report.shard}`);
    this.name = 'ShardSendsFailed';
  }
}

const emptyCounts = (): ShardCounts => ({ sent: 0, 'already-claimed': 0, 'not-eligible': 0, 'no-quiz': 0, failed: 0 });

function addCounts(a: ShardCounts, b: ShardCounts): ShardCounts {
  const sum = emptyCounts();
  for (const key of Object.keys(sum) as (keyof ShardCounts)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** Users delivered in parallel within a page when no send rate is set (locally), and at least. */
const MIN_PARALLEL_USERS = 4;
const MAX_PARALLEL_USERS = 64;
/**
 * What one delivery takes in AWS, with margin: ~13 DynamoDB requests and one SES call, mostly
 * one after another (docs/capacity-and-cost.md). The worker keeps enough deliveries in flight to
 * use its share of the send rate: the pacer, not the latency, sets the pace.
 */
const DELIVERY_SECONDS = 0.25;

/** Deliveries one worker keeps in flight to start `perSecond` of them each second. */
export function parallelUsers(perSecond: number | undefined): number {
  if (!perSecond) return MIN_PARALLEL_USERS;
  return Math.min(MAX_PARALLEL_USERS, Math.max(MIN_PARALLEL_USERS, Math.ceil(perSecond * DELIVERY_SECONDS)));
}
/** Delivers one shard's daily mails from `task.cursor` until done or `deadline` (then answers the cursor to go on from). */
export async function deliverShard(task: ShardTask, deadline: number, log: Logger): Promise<ShardReport> {
  const at = new Date(task.at);
  const counts = emptyCounts();
  let retryable = 0;
  const pace = pacer(config.dailyMailSendRate);
  let cursor = task.cursor;
  // The task's `total` travels back in the report; this invocation counts from zero.
  for await (const page of recipientPages(task.shard, { cursor })) {
    let next = 0;
    const work = async () => {
      while (next < page.userIds.length) {
        const userId = page.userIds[next++]!;
        try {
          await pace();
          counts[await deliverDailyQuiz(userId, at)]++;
        } catch (error) {
          // The claim is `failed`: the retry of this invocation (or a later run of the day) sends it.
          counts.failed++;
          if (!isPermanentSendFailure(error)) retryable++;
          log.error('daily mail failed', { userId, error: (error as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: parallelUsers(config.dailyMailSendRate) }, work));
    cursor = page.cursor;
    if (cursor && Date.now() >= deadline)
      return { ...task, cursor, done: false, counts, total: totalOf(task, counts), retryable };
  }
  return { shard: task.shard, at: task.at, done: true, counts, total: totalOf(task, counts), retryable };
}

/**
 * The failed sends of an invocation (but refusals another attempt would meet again) are a failure of its task: the state machine retries the task
 * (from the same cursor: the users mailed meanwhile are `already-claimed`, a `failed` claim is
 * claimed again) with backoff, then sends it to the dead-letter queue (docs/decisions/jobs.md D336).
 */
export function throwOnFailedSends(report: ShardReport): ShardReport {
  if (report.retryable > 0) throw new ShardSendsFailed(report);
  return report;
}

const totalOf = (task: ShardTask, counts: ShardCounts) => addCounts(task.total ?? emptyCounts(), counts);

/** Users the run accounted for: sent, or skipped for a reason; what failed is not. */
export const reachedOf = (total: ShardCounts) =>
  total.sent + total['already-claimed'] + total['not-eligible'] + total['no-quiz'];

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
