import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withMetrics } from '../runtime/metrics.js';
import { fitLearners, type FitTask } from '../domains/learning/index.js';
import { withTrace } from '../runtime/tracing.js';

/** The fit job's worker: one task of learners (learning/fsrs-fit-job.ts); a throw is retried by the state machine. */
const log = createLogger({ job: 'fsrs-fit-worker' });

const run = (task: FitTask) => fitLearners(task, log);

/** The worker's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics('fsrs-fit-worker', withTrace('fsrs-fit-worker', run)));
