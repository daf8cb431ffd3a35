import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { METRIC, countMetric, withMetrics } from '../runtime/metrics.js';
import { runFsrsFitJob } from '../domains/learning/index.js';
import { withTrace } from '../runtime/tracing.js';
import { SWITCH, isSwitchOn } from '../runtime/switches.js';

/** Per-learner FSRS fitting, daily at 19:00 UTC (04:00 KST, after the learner day's rollover): learning/memory-fit.ts. */
const JOB = 'fsrs-fit';
/** The schedule's Lambda timeout is 900 s; stop starting fits a minute before. */
const JOB_BUDGET_MS = 840_000;

async function run(_event?: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  const log = createLogger({ job: JOB });
  if (!(await isSwitchOn(SWITCH.fsrsFit))) {
    countMetric(METRIC.jobsPaused);
    log.warn('fsrs fit paused by its switch; nothing fitted', { switch: SWITCH.fsrsFit });
    return { job: JOB, paused: true };
  }
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const result = { job: JOB, ...(await runFsrsFitJob(deadline, log)) };
  log.info('fsrs fit finished', result);
  return result;
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics(JOB, withTrace(JOB, run)));
