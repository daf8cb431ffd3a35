/**
 * The product's business metrics (docs/decisions/operations.md D140): CloudWatch embedded metric
 * format lines written by Powertools Metrics, one namespace, dimensions `service`, `stage` and
 * `group` (the route group or job) only. Domain code counts with a one-liner
 * (`countMetric(METRIC.examsCreated)`); the group handler and the job wrapper flush once per
 * invocation.
 *
 * Like the logger (D107), the Powertools module is never read at init, only when an invocation
 * has something to publish: a process's first invocation (its cold start is counted) and those
 * that counted something. Most warm requests count nothing and never read it.
 */
import { METRIC, type MetricName } from '#shared/domain/business-metrics.js';

export { METRIC, METRICS_NAMESPACE, type MetricName } from '#shared/domain/business-metrics.js';

export interface MetricDimensions {
  stage: string;
  group: string;
}

const pending = new Map<MetricName, number>();
let group = 'unknown';
let invocations = 0;

/**
 * Adds `value` to this invocation's count of `name` (published when the invocation ends). A 0 is
 * published too: the daily mail's funnel then says "none sent" rather than nothing.
 */
export function countMetric(name: MetricName, value = 1): void {
  if (Number.isFinite(value) && value >= 0) pending.set(name, (pending.get(name) ?? 0) + value);
}

/** Once per invocation, before its code runs: names the group and flags the process's first invocation. */
export function startMetrics(groupName: string): void {
  group = groupName;
  invocations++;
  if (invocations === 1) countMetric(METRIC.coldStart);
}

/** Metric lines are info lines: `LOG_LEVEL` `warn`, `error` or `silent` (the tests) writes none. */
const silent = () => ['silent', 'error', 'warn'].includes((process.env.LOG_LEVEL ?? '').toLowerCase());

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
    // Locally the daily mail's coordinator runs its workers in-process: each publishes as its own group.
    const outer = group;
    startMetrics(name);
    try {
      return await run(...args);
    } finally {
      await flushMetrics();
      group = outer;
    }
  };
  return measured as F;
}
