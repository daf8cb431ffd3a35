import type { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Operation } from 'aws-cdk-lib/aws-dynamodb';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '#shared/domain/business-metrics.js';

/**
 * The line the route groups' error responder writes when the origin check refuses a request
 * (functions/runtime/http/middlewares.ts `request refused`, code `forbidden_origin` from
 * functions/runtime/http/origin-check.ts; Powertools writes the fields at the top level of the JSON).
 */
export const ORIGIN_REFUSAL_LOG = { message: 'request refused', code: 'forbidden_origin' } as const;
export const ORIGIN_REFUSAL_METRIC = 'OriginRefusals';
/**
 * Metrics made from log lines. A metric filter cannot give a metric a fixed dimension, so the stage
 * is in the namespace: two stages in one account keep their own metric.
 */
export const logMetricsNamespace = (stage: string) => `Quizbank/${stage}`;

/**
 * The DynamoDB operations the functions call (SDK commands; TransactWrite covers its
 * ConditionChecks). At most 10: a CloudWatch alarm's math expression reads at most 10 metrics.
 */
export const TABLE_OPERATIONS: Operation[] = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

/** The group (worker) that publishes the daily mail's sent / skipped / failed counts. */
export const DAILY_MAIL_WORKER_GROUP = 'daily-quiz-email-worker';

/** A business metric of the functions (functions/runtime/metrics.ts): service, stage and group dimensions. */
export function businessMetric(stage: string, group: string, name: MetricName, period: Duration): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE, stage, group },
    statistic: 'Sum',
    period,
    label: name,
  });
}

/** An SES account metric (sends, deliveries, bounces, complaints, reputation). */
export function sesMetric(metricName: string, statistic: string, period: Duration): Metric {
  return new Metric({ namespace: 'AWS/SES', metricName, statistic, period });
}
