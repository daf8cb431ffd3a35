import {
  fitLearners,
  planFsrsFits,
  type FitCounts,
  type FitPlanOptions,
  type FitTask,
} from '../domains/learning/index.js';
import type { Logger } from '../runtime/log.js';
import { FAN_OUT_RETRY } from '#shared/domain/job-retry.js';
import { runFanOut } from './fan-out.js';

/** Fit tasks run at once in process (the state machine's Map runs as many). */
const PARALLEL = 8;

/** The whole job in this process: plan pages, their tasks, totals. */
export async function runFsrsFitJob(
  deadline: number,
  log: Logger,
  options: FitPlanOptions = {},
): Promise<FitCounts & { stopped: boolean; failed: number }> {
  const run = await runFanOut({
    plan: (state) => planFsrsFits(state, { ...options, deadline }),
    work: (task: FitTask) => fitLearners(task, log),
    parallel: PARALLEL,
    retry: FAN_OUT_RETRY,
    log,
  });
  const totals = { visited: 0, fitted: 0, kept_defaults: 0, too_few: 0 };
  for (const report of run.reports)
    for (const key of Object.keys(totals) as (keyof FitCounts)[]) totals[key] += report[key];
  return { ...totals, stopped: run.plans.some((p) => p.stopped === true), failed: run.deadLetters.length };
}
