/**
 * The product's business metrics (docs/decisions/operations.md D140): CloudWatch embedded metric
 * format lines written by Powertools Metrics, one namespace, dimensions `service`, `stage` and
 * `group` (the route group or job) only. Domain code counts with a one-liner
 * (`countMetric('ExamsCreated')`); the group handler and the job wrapper flush once per invocation.
 *
 * Like the logger (D107), the Powertools module is imported only when there is something to
 * publish: most requests count nothing, and those pay nothing at init.
 */
export const METRICS_NAMESPACE = 'Quizbank';

/** Every metric the functions publish (all counts); the stack's alarms and dashboard name them from here. */
export const METRIC = {
  answersGraded: 'AnswersGraded',
  examsCreated: 'ExamsCreated',
  importedRows: 'ImportedRows',
  importsRefused: 'ImportsRefused',
  reviews: 'Reviews',
  dailyMailsSent: 'DailyMailsSent',
  dailyMailsSkipped: 'DailyMailsSkipped',
  dailyMailsFailed: 'DailyMailsFailed',
  bounces: 'Bounces',
  complaints: 'Complaints',
  coldStart: 'ColdStart',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];

export interface MetricDimensions {
  stage: string;
  group: string;
}

const pending = new Map<MetricName, number>();
let group = 'unknown';
let invocations = 0;

/** Adds `value` to this invocation's count of `name` (published when the invocation ends). */
export function countMetric(name: MetricName, value = 1): void {
  if (value > 0) pending.set(name, (pending.get(name) ?? 0) + value);
}

/** Once per invocation, before its code runs: names the group and flags the process's first invocation. */
export function startMetrics(groupName: string): void {
  group = groupName;
  invocations++;
  if (invocations === 1) countMetric(METRIC.coldStart);
}

/** `LOG_LEVEL=silent` (the tests) writes no metric lines either. */
const silent = () => (process.env.LOG_LEVEL ?? '').toLowerCase() === 'silent';

/** Publishes and clears this invocation's counts; a no-op when it counted nothing. */
export async function flushMetrics(): Promise<void> {
  if (pending.size === 0) return;
  const counts = new Map(pending);
  pending.clear();
  if (silent()) return;
  try {
    const { publishCounts } = await import('./powertools-metrics.js');
    publishCounts(counts, { stage: process.env.STAGE ?? 'local', group });
  } catch (error) {
    // Metrics never fail a request; a bundle without its metrics chunk says so on stderr.
    console.error('metrics unavailable', error);
  }
}

/** The same job handler, publishing its counts (group = `name`) before it settles. */
export function withMetrics<F extends (...args: never[]) => Promise<unknown>>(name: string, run: F): F {
  const measured = async (...args: Parameters<F>) => {
    startMetrics(name);
    try {
      return await run(...args);
    } finally {
      await flushMetrics();
    }
  };
  return measured as F;
}
