/**
 * The daily mail's wall time, modelled (docs/capacity-and-cost.md, D337): the 16 recipient shards
 * run 4 at a time, each worker paced to a quarter of the SES send rate and keeping at most 64
 * deliveries of ≈ 0.25 s in flight (functions/domains/mail/daily-quiz-shard.ts), so the run sends
 * at min(rate, 4 × 64 / 0.25 = 1,024) per second. Around the sending: the plan's recipient count,
 * a worker's restart from its cursor every 14 minutes, and one full retry ladder (1 + 2 + 4 min).
 */
export const DAILY_MAIL_MODEL = {
  /** The capacity sheet's target: every one of a million learners opted in. */
  users: 1_000_000,
  parallel: 4,
  maxInFlight: 64,
  deliverySeconds: 0.25,
  /** A worker invocation's sending time before it answers its cursor (its 15 minutes less a minute's margin). */
  invocationSeconds: 840,
  /** A new invocation's start (cold start, first page). */
  restartSeconds: 2,
  /** The plan: 16 `Select: COUNT` walks of the recipients index in parallel (≈ 1 GB at 1 M users). */
  planSeconds: 60,
  /** One failed task's retries: 60 + 120 + 240 s (the fan-out retry). */
  retrySeconds: 420,
} as const;

/** Mails per second the run achieves at the account's SES rate. */
export function dailyMailThroughput(sesRate: number, model = DAILY_MAIL_MODEL): number {
  const perWorker = Math.min(sesRate / model.parallel, model.maxInFlight / model.deliverySeconds);
  return perWorker * model.parallel;
}

/** Seconds from the schedule's start to the last mail for `users` recipients at `sesRate` per second. */
export function dailyMailWallSeconds(users: number, sesRate: number, model = DAILY_MAIL_MODEL): number {
  const sending = users / dailyMailThroughput(sesRate, model);
  // Each worker sends for a quarter of the shards; it restarts from its cursor every invocation.
  const restarts = Math.ceil(sending / model.invocationSeconds) * model.restartSeconds;
  return model.planSeconds + sending + restarts + model.retrySeconds;
}

/** The smallest SES rate (per second, whole) at which `users` recipients fit in `seconds`. */
export function sesRateFor(users: number, seconds: number, model = DAILY_MAIL_MODEL): number {
  let rate = 1;
  while (dailyMailWallSeconds(users, rate, model) > seconds && rate < 100_000) rate++;
  return rate;
}
