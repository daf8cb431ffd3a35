import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { METRIC, countMetric, withMetrics } from '../runtime/metrics.js';
import { planFsrsFits } from '../domains/learning/index.js';
import { withTrace } from '../runtime/tracing.js';
import { SWITCH, isSwitchOn } from '../runtime/switches.js';
import { runFsrsFitJob } from './fsrs-fit-run.js';

/**
 * Per-learner FSRS fitting, daily at 19:00 UTC (04:00 KST, after the learner day's rollover):
 * learning/fsrs-fit-job.ts. In AWS a state machine asks this handler for plan pages
 * (`{mode: 'plan', state}`) and runs fsrs-fit-worker.ts per task; locally (`npm run job -- fsrs-fit`,
 * the local scheduler) any other event runs the same plan and worker in this process.
 */
const JOB = 'fsrs-fit';
/** The in-process run's budget (the state machine has its own timeout). */
const JOB_BUDGET_MS = 840_000;

type PlanEvent = { mode: 'plan'; state?: { planned?: number; at?: string } };

type LambdaContext = { getRemainingTimeInMillis?: () => number };

async function run(event: PlanEvent): Promise<Awaited<ReturnType<typeof planFsrsFits>>>;
async function run(event?: unknown, context?: LambdaContext): Promise<Awaited<ReturnType<typeof runInProcess>>>;
async function run(event?: unknown, context?: LambdaContext) {
  // A plan page after the first continues the run: only the first counts as its start.
  const plan = event as PlanEvent | undefined;
  const first = plan?.mode !== 'plan' || !plan.state?.at;
  if (first) countMetric(METRIC.jobRunStarted);
  // A paused fit plans nothing: the run ends at once, and the learners wait for the switch.
  if (first && !(await isSwitchOn(SWITCH.fsrsFit))) {
    countMetric(METRIC.jobsPaused);
    createLogger({ job: JOB }).warn('fsrs fit paused by its switch; nothing fitted', { switch: SWITCH.fsrsFit });
    return plan?.mode === 'plan'
      ? { tasks: [], more: false, stopped: false, state: { planned: 0, at: new Date().toISOString() } }
      : { job: JOB, paused: true as const };
  }
  if (plan?.mode === 'plan') return planFsrsFits(plan.state ?? {});
  return runInProcess(context);
}

async function runInProcess(context?: LambdaContext) {
  const log = createLogger({ job: JOB });
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const result = { job: JOB, ...(await runFsrsFitJob(deadline, log)) };
  log.info('fsrs fit finished', result);
  return result;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics(JOB, withTrace(JOB, run)));
