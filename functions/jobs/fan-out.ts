import type { Logger } from '../runtime/log.js';
import { sleep } from '../runtime/retry.js';

/**
 * A fan-out job's state machine (infra/constructs/schedules.ts) played in this process, for the
 * local cloud and the tests: the same plan, worker and finish code, the same loop and the same
 * retry policy. Plan → run its tasks `parallel` at a time, each task again while its report says
 * `done: false`, a task that throws retried with exponential backoff, then set aside as a dead
 * letter → plan again while the plan says `more` → finish with the reports.
 */
/** The state machine's Retry on the worker task (infra/definitions/schedules.ts holds each job's). */
export interface FanOutRetry {
  /** Retries after the first attempt. */
  retries: number;
  intervalSeconds: number;
  backoffRate: number;
}

export interface PlanAnswer<Task> {
  tasks: Task[];
  /** Ask for the next plan page after these tasks (the fit job's walk of the users). */
  more?: boolean;
  /** Carried to the next plan call. */
  state?: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface DeadLetter<Task> {
  task: Task;
  error: string;
}

export interface FanOutRun<Task, Report> {
  plan: (state: Record<string, unknown>) => Promise<PlanAnswer<Task>>;
  work: (task: Task) => Promise<Report & { done: boolean }>;
  parallel: number;
  retry: FanOutRetry;
  log: Logger;
  /** Local runs may shorten the backoff (tests); the state machine waits the configured interval. */
  retryIntervalMs?: number;
}

function continuation<Task>(report: object): Task {
  return report as Task;
}

export async function runFanOut<Task extends object, Report extends object>(
  run: FanOutRun<Task, Report>,
): Promise<{ plans: PlanAnswer<Task>[]; reports: Report[]; deadLetters: DeadLetter<Task>[] }> {
  const plans: PlanAnswer<Task>[] = [];
  const reports: Report[] = [];
  const deadLetters: DeadLetter<Task>[] = [];
  const intervalMs = run.retryIntervalMs ?? localRetryIntervalMs() ?? run.retry.intervalSeconds * 1000;
  let state: Record<string, unknown> = {};
  for (;;) {
    const planned = await run.plan(state);
    plans.push(planned);
    const pending = [...planned.tasks];
    const worker = async () => {
      for (let task = pending.shift(); task !== undefined; task = pending.shift()) {
        let input: Task = task;
        for (let attempt = 0; ;) {
          try {
            const report = await run.work(input);
            if (report.done) {
              reports.push(report);
              break;
            }
            // An unfinished report is the task again, from its cursor (the state machine's loop does the same).
            input = continuation<Task>(report);
            attempt = 0;
          } catch (error) {
            attempt++;
            if (attempt > run.retry.retries) {
              run.log.error('fan-out task failed; dead letter', { task: input, error: (error as Error).message });
              deadLetters.push({ task: input, error: (error as Error).message });
              break;
            }
            await sleep(intervalMs * run.retry.backoffRate ** (attempt - 1));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, run.parallel) }, worker));
    if (!planned.more) break;
    state = planned.state ?? {};
  }
  return { plans, reports, deadLetters };
}

function localRetryIntervalMs(): number | undefined {
  const value = Number(process.env.JOB_RETRY_INTERVAL_MS);
  return process.env.JOB_RETRY_INTERVAL_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}
