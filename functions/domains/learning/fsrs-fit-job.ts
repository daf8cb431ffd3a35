import { readJobCursor, saveJobCursor } from '../../runtime/data/job-cursor.js';
import type { Logger } from '../../runtime/log.js';
import { claimFsrsFit, dueForFitPage, releaseFsrsFit, type FitWalkCursor } from '../users/index.js';
import { FIT_JOB_PERIOD_MS, fitLearner } from './memory-fit.js';

/**
 * The scheduled fit job in two parts (docs/decisions/jobs.md D334), run by its state machine
 * (infra/constructs/schedules.ts) or in process (functions/jobs/fsrs-fit.ts):
 *
 * * the plan walks the user list from where the last run stopped (a cursor on the job's item),
 *   a page at a time, and answers tasks of {@link FIT_TASK_SIZE} due learners, until
 *   {@link FITS_PER_RUN} are planned or the list ends (the next run starts from the top): every
 *   learner is reached in turn, whatever the list's order;
 * * a worker claims and fits its learners (the profile button's claim: one fit per learner and
 *   period); a learner whose fit failed gives the claim back and the task throws, so the state
 *   machine retries it with backoff (the others are already claimed and skipped), then sends it
 *   to the dead-letter queue.
 */
const JOB = 'fsrs-fit';
/**
 * Learners planned per run: a week's runs reach 7 × this many (1.05 M), above the capacity
 * sheet's million; each fit ≈ 1–2 s for a year of 100 reviews a day (bench/NOTES.md).
 */
export const FITS_PER_RUN = 150_000;
/** Learners per plan page (the ids travel in the state machine's 256 KB state: ≈ 30 KB). */
const PLAN_PAGE = 1_000;
/** Learners per worker task: ≈ 10–20 s of fitting, well inside the worker's timeout. */
export const FIT_TASK_SIZE = 10;

export interface FitTask {
  userIds: string[];
  /** The run's time: every worker claims with it. */
  at: string;
}

export interface FitCounts {
  visited: number;
  fitted: number;
  kept_defaults: number;
  too_few: number;
}

export interface FitPlanOptions {
  limit?: number;
  /** The walk's cursor item (`CURSOR#<walk>`); tests walk with their own. */
  walk?: string;
  /** Only these learners (the walk still reads the whole list): a test on the shared table plans its own. */
  only?: ReadonlySet<string>;
  /** Stop planning past this time (the in-process run's budget). */
  deadline?: number;
}

/** One plan page: tasks from the stored cursor on; `more` while the run's quota and the list last. */
export async function planFsrsFits(
  state: { planned?: number; at?: string },
  options: FitPlanOptions = {},
): Promise<{ tasks: FitTask[]; more: boolean; stopped: boolean; state: { planned: number; at: string } }> {
  const at = state.at ?? new Date().toISOString();
  const planned = state.planned ?? 0;
  const walk = options.walk ?? 'users';
  const limit = options.limit ?? FITS_PER_RUN;
  const notBefore = new Date(Date.parse(at) - FIT_JOB_PERIOD_MS).toISOString();
  const from = (await readJobCursor(JOB, walk)) as FitWalkCursor | undefined;
  const want = Math.min(PLAN_PAGE, limit - planned);
  const only = options.only;
  const { userIds, next } = await dueForFitPage(notBefore, from, want, only ? { accept: (id) => only.has(id) } : {});
  await saveJobCursor(JOB, walk, next ? { ...next } : undefined);
  const tasks: FitTask[] = [];
  for (let i = 0; i < userIds.length; i += FIT_TASK_SIZE)
    tasks.push({ userIds: userIds.slice(i, i + FIT_TASK_SIZE), at });
  const total = planned + userIds.length;
  const outOfTime = options.deadline !== undefined && Date.now() > options.deadline;
  const more = next !== null && total < limit && !outOfTime;
  return { tasks, more, stopped: next !== null && !more, state: { planned: total, at } };
}

/** A worker task: claims and fits each learner; throws after the others when any fit failed (its claim given back). */
export async function fitLearners(task: FitTask, log: Logger): Promise<FitCounts & { done: true }> {
  const notBefore = new Date(Date.parse(task.at) - FIT_JOB_PERIOD_MS).toISOString();
  const counts: FitCounts = { visited: 0, fitted: 0, kept_defaults: 0, too_few: 0 };
  const failed: string[] = [];
  for (const userId of task.userIds) {
    if (!(await claimFsrsFit(userId, task.at, notBefore))) continue;
    counts.visited += 1;
    try {
      const outcome = await fitLearner(userId);
      if (outcome.outcome === 'fitted') counts.fitted += 1;
      else if (outcome.outcome === 'kept_current') counts.kept_defaults += 1;
      else counts.too_few += 1;
    } catch (error) {
      log.error('fsrs fit failed', { userId, error });
      await releaseFsrsFit(userId, task.at);
      failed.push(userId);
    }
  }
  if (failed.length > 0) throw new Error(`fsrs fit failed for ${failed.length} of ${task.userIds.length} learners`);
  return { ...counts, done: true };
}
