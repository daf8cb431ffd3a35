import { FAN_OUT_RETRY } from '#shared/domain/job-retry.js';

/**
 * Scheduled jobs as plain data: EventBridge Scheduler in AWS, a timer in the local cloud.
 * Times are UTC. `handler` is the module path (exports `handler`).
 */
export interface ScheduleDefinition {
  name: 'daily-quiz-email' | 'retention-cleanup' | 'fsrs-fit' | 'index-shards';
  description: string;
  handler: string;
  /** Runs daily at this UTC hour and minute. */
  utc: { hour: number; minute: number };
  access: { appTable?: 'read' | 'write'; filesBucket?: 'read' | 'write'; sendMail?: boolean };
  timeoutSeconds: number;
  /** Lambda memory when the default is not enough. */
  memoryMb?: number;
  /**
   * A job that fans its work out (docs/decisions/mail.md D65): in AWS the schedule starts a Step
   * Functions state machine that asks the job's handler for the plan (`{mode: 'plan'}` → `{tasks}`)
   * and runs `worker` once per task (`parallel` at a time), again with each answer while it says
   * `done: false`. Locally the job's handler runs the same worker in process.
   */
  fanOut?: FanOut;
}

/**
 * A fan-out job (docs/decisions/jobs.md D333): the plan may ask to be called again (`more`, the fit
 * job's walk page by page); a worker task that throws is retried with exponential backoff, then
 * sent to the jobs' dead-letter queue (an alarm watches it); `finish` receives the plan's
 * `expected` and every task's last report (the daily mail's expected-versus-reached metrics).
 */
export interface FanOut {
  worker: string;
  parallel: number;
  workerTimeoutSeconds: number;
  retry: { retries: number; intervalSeconds: number; backoffRate: number };
  /** The state machine's timeout. */
  timeoutHours: number;
  /** Plan pages: call the plan again while it answers `more: true`. */
  pagedPlan?: boolean;
  /** Ends with `{mode: 'finish', expected, reports}` to the job's handler. */
  finish?: boolean;
}

const RETRY = FAN_OUT_RETRY;

export const SCHEDULES: ScheduleDefinition[] = [
  {
    name: 'daily-quiz-email',
    description: "Builds each subscriber's daily quiz and emails it (07:00 KST).",
    handler: 'functions/jobs/daily-quiz-email.ts',
    utc: { hour: 22, minute: 0 },
    access: { appTable: 'write', sendMail: true },
    timeoutSeconds: 900,
    // 16 recipient shards, 4 workers at a time: each paces itself to a quarter of the SES send rate.
    fanOut: {
      worker: 'functions/jobs/daily-quiz-email-worker.ts',
      parallel: 4,
      workerTimeoutSeconds: 900,
      retry: RETRY,
      timeoutHours: 12,
      finish: true,
    },
  },
  {
    name: 'retention-cleanup',
    description:
      'Removes old results (retention cleanup), expired exports and question images no question used (03:00 KST).',
    handler: 'functions/jobs/retention-cleanup.ts',
    utc: { hour: 18, minute: 0 },
    // The files bucket: background exports past their day (D195) and uploads no question took up (D179).
    access: { appTable: 'write', filesBucket: 'write' },
    timeoutSeconds: 900,
    // 16 shard walks (each from its cursor) and one task for the sweeps.
    fanOut: {
      worker: 'functions/jobs/retention-cleanup-worker.ts',
      parallel: 4,
      workerTimeoutSeconds: 900,
      retry: RETRY,
      timeoutHours: 6,
    },
  },
  {
    name: 'fsrs-fit',
    description:
      "Fits learners' FSRS weights from their review logs, walking the users from where the last run stopped (04:00 KST).",
    handler: 'functions/jobs/fsrs-fit.ts',
    utc: { hour: 19, minute: 0 },
    access: { appTable: 'write' },
    timeoutSeconds: 900,
    // The fsrs-rs optimizer's native binary; a year of 100 reviews a day peaks near 200 MB (bench/NOTES.md).
    memoryMb: 1024,
    // The plan walks the users from the stored cursor a page at a time; workers fit 10 learners a task.
    fanOut: {
      worker: 'functions/jobs/fsrs-fit-worker.ts',
      parallel: 8,
      workerTimeoutSeconds: 300,
      retry: RETRY,
      timeoutHours: 12,
      pagedPlan: true,
    },
  },
  {
    name: 'index-shards',
    description: 'Moves list index keys written before the shards to their sharded form (D190); a no-op once done.',
    handler: 'functions/jobs/index-shards.ts',
    utc: { hour: 17, minute: 30 },
    access: { appTable: 'write' },
    timeoutSeconds: 900,
  },
];

/** Milliseconds from `now` until the next daily run. */
export function msUntilNextRun(schedule: ScheduleDefinition, now = new Date()): number {
  const next = new Date(now);
  next.setUTCHours(schedule.utc.hour, schedule.utc.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}
