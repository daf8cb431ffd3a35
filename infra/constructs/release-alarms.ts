import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '#shared/domain/business-metrics.js';
import type { RouteGroup } from '#shared/route-group.js';
import type { AppFunction } from './app-function.js';

/**
 * What a route group's canary watches besides Lambda `Errors` (D341). The middleware answers an
 * unhandled error with an ordinary 500, which Lambda never counts as an error, so each group
 * publishes `ServerErrors` (5xx other than 503, functions/runtime/http/middlewares.ts) and its
 * deployment rolls back on those too, and on its p90 duration. One-minute periods: a canary shifts
 * 10 % of the traffic for 5 minutes, and an alarm must be able to fire inside them.
 */
export const RELEASE_ALARM_SPECS = {
  /** ServerErrors summed over a minute; one bad minute in the last two. */
  groupServerErrors: {
    threshold: 3,
    comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    period: Duration.minutes(1),
    evaluationPeriods: 2,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  },
  /** p90 of Lambda `Duration` in ms (the group's budget: `latencyBudgetMs`); three slow minutes of five. */
  groupLatencyP90: {
    comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    period: Duration.minutes(1),
    evaluationPeriods: 5,
    datapointsToAlarm: 3,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  },
} as const;

/** p90 budget of an everyday group: its warm requests take ~0.1 s, a cold one under 1 s. */
export const EVERYDAY_P90_MS = 3_000;
/** p90 budget of a group that parses sheets, hashes passwords, fits or starts background work. */
export const HEAVY_P90_MS = 10_000;

/** A group is heavy when it takes uploads, works in the background or was given 1 GB or more. */
export function latencyBudgetMs(group: Pick<RouteGroup, 'memoryMb' | 'background' | 'routes'>): number {
  const heavy =
    !!group.background || group.memoryMb >= 1024 || group.routes.some((route) => route.bodyKind === 'multipart');
  return heavy ? HEAVY_P90_MS : EVERYDAY_P90_MS;
}

export interface ReleaseAlarmsProps {
  namePrefix: string;
  stage: string;
  /** Each route group's function with its declaration (for its latency budget). */
  routeGroups: { fn: AppFunction; group: RouteGroup }[];
  /** The alarm topic's action (Observability). */
  action: SnsAction;
}

/** Per route group: a 5xx alarm and a p90 latency alarm, both in the group's CodeDeploy rollback alarms. */
export class ReleaseAlarms extends Construct {
  /** The alarms of each route group's function, by function. */
  readonly byFunction = new Map<AppFunction, Alarm[]>();

  constructor(scope: Construct, id: string, props: ReleaseAlarmsProps) {
    super(scope, id);
    const errors = RELEASE_ALARM_SPECS.groupServerErrors;
    const latency = RELEASE_ALARM_SPECS.groupLatencyP90;
    for (const { fn, group } of props.routeGroups) {
      const serverErrors = new Alarm(this, `${group.name}ServerErrors`, {
        alarmName: `${props.namePrefix}-fn-${group.name}-5xx`,
        alarmDescription:
          `route group ${group.name}: ${errors.threshold} or more 5xx answers (not 503) in a minute; ` +
          'rolls a canary back. Reasons: docs/decisions/operations-release.md (D341).',
        // Without a label: CloudFormation then gets the plain metric (MetricName, Dimensions).
        metric: new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: METRIC.serverErrors,
          dimensionsMap: { service: METRICS_SERVICE, stage: props.stage, group: group.name },
          statistic: 'Sum',
          period: errors.period,
        }),
        threshold: errors.threshold,
        comparisonOperator: errors.comparison,
        evaluationPeriods: errors.evaluationPeriods,
        datapointsToAlarm: errors.datapointsToAlarm,
        treatMissingData: errors.treatMissingData,
      });
      const budget = latencyBudgetMs(group);
      const slow = new Alarm(this, `${group.name}LatencyP90`, {
        alarmName: `${props.namePrefix}-fn-${group.name}-latency-p90`,
        alarmDescription:
          `route group ${group.name}: p90 duration above ${budget} ms in 3 of 5 minutes; ` +
          'rolls a canary back. Reasons: docs/decisions/operations-release.md (D341).',
        metric: fn.fn.metricDuration({ statistic: 'p90', period: latency.period }),
        threshold: budget,
        comparisonOperator: latency.comparison,
        evaluationPeriods: latency.evaluationPeriods,
        datapointsToAlarm: latency.datapointsToAlarm,
        treatMissingData: latency.treatMissingData,
      });
      for (const alarm of [serverErrors, slow]) {
        alarm.addAlarmAction(props.action);
        alarm.addOkAction(props.action);
      }
      this.byFunction.set(fn, [serverErrors, slow]);
    }
  }
}
