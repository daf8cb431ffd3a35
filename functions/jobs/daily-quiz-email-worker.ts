import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { METRIC, countMetric, withMetrics } from '../runtime/metrics.js';
import { deliverShard, throwOnFailedSends, type ShardReport, type ShardTask } from '../domains/mail/index.js';
import { withTrace } from '../runtime/tracing.js';
import { SWITCH, isSwitchOn } from '../runtime/switches.js';

export type { ShardReport, ShardTask };

/**
 * The daily mail worker: one shard of the recipients within this invocation's time
 * (domains/mail/daily-quiz-shard.ts). An invocation with failed sends throws after the rest of
 * its pages: the state machine retries it with backoff, then dead-letters it.
 */
const JOB_BUDGET_MS = 840_000;

const log = createLogger({ job: 'daily-quiz-email-worker' });

async function run(task: ShardTask, context?: { getRemainingTimeInMillis?: () => number }): Promise<ShardReport> {
  // Checked per invocation, so a pause also stops the shards of a run already under way.
  if (!(await isSwitchOn(SWITCH.dailyMail))) {
    countMetric(METRIC.jobsPaused);
    log.warn('daily mail paused by its switch; shard not sent', { switch: SWITCH.dailyMail, shard: task.shard });
    const counts = { sent: 0, 'already-claimed': 0, 'not-eligible': 0, 'no-quiz': 0, failed: 0 };
    return { ...task, cursor: undefined, done: true, paused: true, counts, total: task.total ?? counts, retryable: 0 };
  }
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining ? Math.max(0, remaining - 60_000) : JOB_BUDGET_MS);
  const report = await deliverShard(task, deadline, log);
  const { sent, failed, 'already-claimed': claimed, 'not-eligible': notEligible, 'no-quiz': noQuiz } = report.counts;
  countMetric(METRIC.dailyMailsSent, sent);
  countMetric(METRIC.dailyMailsSkipped, claimed + notEligible + noQuiz);
  countMetric(METRIC.dailyMailsFailed, failed);
  return throwOnFailedSends(report);
}

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(
  withMetrics('daily-quiz-email-worker', withTrace('daily-quiz-email-worker', run)),
);
