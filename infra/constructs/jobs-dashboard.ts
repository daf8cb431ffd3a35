import { Duration } from 'aws-cdk-lib';
import {
  AlarmStatusWidget,
  GraphWidget,
  MathExpression,
  TextWidget,
  type Alarm,
  type Dashboard,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { METRIC, METRICS_NAMESPACE, type MetricName } from '#shared/domain/business-metrics.js';
import { businessMetric } from './operational-metrics.js';

export interface JobsDashboardProps {
  stage: string;
  deadLetters: IQueue;
  /** The fan-out jobs' state machines by job name. */
  stateMachines: ReadonlyMap<string, StateMachine>;
  /** The alarms built after the dashboard: release (per group 5xx, p90) and job alarms. */
  alarms: Alarm[];
}

/**
 * The widgets of the metrics that came with the release and job alarms (D412), added to the one
 * dashboard once those alarms exist: server errors per route group (the canaries' rollback metric),
 * job runs started, runs paused by a kill switch, the daily mail's expected and reached recipients,
 * the dead-letter queue and each fan-out job's executions.
 */
export function addJobWidgets(dashboard: Dashboard, props: JobsDashboardProps): void {
  const fiveMinutes = Duration.minutes(5);
  const hourly = Duration.hours(1);
  /** One line per group that publishes `name` (a search: the groups stay out of the stack). */
  const perGroup = (name: MetricName, period: Duration) =>
    new MathExpression({
      expression: `SEARCH('{${METRICS_NAMESPACE},service,stage,group} stage="${props.stage}" MetricName="${name}"', 'Sum', ${period.toSeconds()})`,
      usingMetrics: {},
      period,
      label: name,
    });
  dashboard.addWidgets(
    new TextWidget({ markdown: '## Releases and jobs: what their alarms read (D341, D338)', width: 24, height: 1 }),
  );
  dashboard.addWidgets(
    new AlarmStatusWidget({ title: 'Release and job alarms', alarms: props.alarms, width: 24, height: 6 }),
  );
  const widgets: IWidget[] = [
    new GraphWidget({
      title: 'Server errors per route group (5xx but 503)',
      left: [perGroup(METRIC.serverErrors, fiveMinutes)],
      width: 8,
    }),
    new GraphWidget({ title: 'Job runs started (hourly)', left: [perGroup(METRIC.jobRunStarted, hourly)], width: 8 }),
    new GraphWidget({
      title: 'Job runs paused by a kill switch (hourly)',
      left: [perGroup(METRIC.jobsPaused, hourly)],
      width: 8,
    }),
    new GraphWidget({
      title: 'Daily mail: expected and reached recipients (hourly)',
      left: [METRIC.dailyMailsExpected, METRIC.dailyMailsReached].map((name) =>
        businessMetric(props.stage, 'daily-quiz-email', name, hourly),
      ),
      width: 8,
    }),
    new GraphWidget({
      title: 'Job dead letters',
      left: [props.deadLetters.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: fiveMinutes })],
      right: [props.deadLetters.metricNumberOfMessagesSent({ statistic: 'Sum', period: fiveMinutes })],
      width: 8,
    }),
  ];
  for (const [job, machine] of props.stateMachines) {
    if (job === 'daily-quiz-email') continue; // its own widget, with the mail
    const stat = { statistic: 'Sum', period: hourly };
    widgets.push(
      new GraphWidget({
        title: `Job ${job} executions (hourly)`,
        left: [
          machine.metricStarted(stat),
          machine.metricSucceeded(stat),
          machine.metricFailed(stat),
          machine.metricTimedOut(stat),
        ],
        width: 8,
      }),
    );
  }
  dashboard.addWidgets(...widgets);
}
