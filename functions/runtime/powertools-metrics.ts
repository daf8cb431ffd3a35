import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '#shared/domain/business-metrics.js';
import type { MetricDimensions, MetricName } from './metrics.js';

/**
 * Powertools Metrics behind metrics.ts, in a module of its own so that a Lambda reads it only
 * when an invocation has counted something (D140, as the logger in D107).
 */
/** One per group: a Lambda has one, the local server (every group in one process) one per group. */
const byGroup = new Map<string, Metrics>();

export function publishCounts(counts: ReadonlyMap<MetricName, number>, dimensions: MetricDimensions): void {
  const key = `${dimensions.stage}/${dimensions.group}`;
  let metrics = byGroup.get(key);
  if (!metrics) {
    metrics = new Metrics({
      namespace: METRICS_NAMESPACE,
      serviceName: METRICS_SERVICE,
      defaultDimensions: { stage: dimensions.stage, group: dimensions.group },
    });
    byGroup.set(key, metrics);
  }
  for (const [name, value] of counts) metrics.addMetric(name, MetricUnit.Count, value);
  metrics.publishStoredMetrics();
}
