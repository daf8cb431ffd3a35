import { Duration } from 'aws-cdk-lib';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  MathExpression,
  TextWidget,
  type Alarm,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';
import { ALARM_SPECS } from './alarm-specs.js';
import type { ObservabilityProps } from './observability.js';
import { businessMetric, DAILY_MAIL_WORKER_GROUP, sesMetric, TABLE_OPERATIONS } from './operational-metrics.js';
import { METRIC, METRICS_NAMESPACE, type MetricName } from '#shared/domain/business-metrics.js';

/** The metrics the alarms already built, shown again on the dashboard. */
export interface DashboardMetrics {
  requests: IMetric;
  serverErrors: IMetric;
  latencyP99: IMetric;
  refusals: IMetric;
  bounceRate: IMetric;
  complaintRate: IMetric;
}

const FIVE_MINUTES = Duration.minutes(5);

/** A heading across the dashboard. */
const heading = (markdown: string, height = 1): IWidget => new TextWidget({ markdown, width: 24, height });

/**
 * The one dashboard (D112): golden signals per route group and job, each table's capacity,
 * throttles and system errors, the daily mail's funnel, SES reputation and the business metrics.
 */
export function buildDashboard(
  scope: Construct,
  props: ObservabilityProps,
  m: DashboardMetrics,
  alarms: Alarm[],
): Dashboard {
  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: props.namePrefix,
    defaultInterval: Duration.hours(6),
  });
  const rows: IWidget[][] = [
    [
      heading(
        `# ${props.namePrefix}\nGolden signals per route group, the tables, the daily mail and SES. Alarms and their reasons: docs/decisions/operations.md (D112).`,
        2,
      ),
    ],
    [new AlarmStatusWidget({ title: 'Alarms', alarms, width: 24, height: 6 })],
    apiWidgets(props, m),
    ...functionRows(props),
    ...tableRows(props),
    ...mailRows(props, m),
    ...businessRows(props),
  ];
  for (const row of rows) dashboard.addWidgets(...row);
  return dashboard;
}

function apiWidgets(props: ObservabilityProps, m: DashboardMetrics): IWidget[] {
  const api = props.apiStage;
  return [
    new GraphWidget({
      title: 'API requests, 4xx, 5xx',
      left: [m.requests, api.metricClientError({ statistic: 'Sum', period: FIVE_MINUTES }), m.serverErrors],
      width: 8,
    }),
    new GraphWidget({
      title: 'API latency',
      left: [
        api.metricLatency({ statistic: 'p50', period: FIVE_MINUTES, label: 'p50' }),
        m.latencyP99,
        api.metricIntegrationLatency({ statistic: 'p99', period: FIVE_MINUTES, label: 'integration p99' }),
      ],
      width: 8,
    }),
    new GraphWidget({ title: 'Origin-secret refusals', left: [m.refusals], width: 8 }),
  ];
}

function functionWidget(title: string, f: AppFunction): IWidget {
  return new GraphWidget({
    title,
    left: [
      f.fn.metricInvocations({ statistic: 'Sum', period: FIVE_MINUTES }),
      f.fn.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES }),
      f.fn.metricThrottles({ statistic: 'Sum', period: FIVE_MINUTES }),
    ],
    right: [
      f.fn.metricDuration({ statistic: 'p50', period: FIVE_MINUTES, label: 'duration p50' }),
      f.fn.metricDuration({ statistic: 'p99', period: FIVE_MINUTES, label: 'duration p99' }),
    ],
    width: 8,
  });
}

function functionRows(props: ObservabilityProps): IWidget[][] {
  return [
    [heading('## Route groups: invocations, errors, throttles (left), duration p50/p99 in ms (right)')],
    [...props.routeGroups].map(([name, f]) => functionWidget(`Route group ${name}`, f)),
    [heading('## Jobs and background functions')],
    props.background.map((f) => functionWidget(`Function ${f.name}`, f)),
  ];
}

function tableRows(props: ObservabilityProps): IWidget[][] {
  // One widget per expression: the operation metrics of two expressions share ids (`getitem`…).
  const perTable = [...props.tables].map(([id, table]) => [
    new GraphWidget({
      title: `Table ${id}: consumed capacity`,
      left: [
        table.metricConsumedReadCapacityUnits({ statistic: 'Sum', period: FIVE_MINUTES }),
        table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', period: FIVE_MINUTES }),
      ],
      width: 8,
    }),
    new GraphWidget({
      title: `Table ${id}: throttled requests`,
      left: [table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES })],
      width: 8,
    }),
    new GraphWidget({
      title: `Table ${id}: system errors`,
      left: [table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES })],
      width: 8,
    }),
  ]);
  return [[heading('## DynamoDB: consumed capacity and throttles per table')], ...perTable];
}

function mailRows(props: ObservabilityProps, m: DashboardMetrics): IWidget[][] {
  const machine = props.dailyMail;
  const hourly = { statistic: 'Sum', period: Duration.hours(1) };
  const executions = machine
    ? [
        new GraphWidget({
          title: 'Daily mail executions',
          left: [
            machine.metricStarted(hourly),
            machine.metricSucceeded(hourly),
            machine.metricFailed(hourly),
            machine.metricTimedOut(hourly),
          ],
          width: 8,
        }),
      ]
    : [];
  const funnel = machine
    ? [
        new GraphWidget({
          title: 'Daily mail funnel: sent, skipped, failed (hourly)',
          left: [METRIC.dailyMailsSent, METRIC.dailyMailsSkipped, METRIC.dailyMailsFailed].map((name) =>
            businessMetric(props.stage, DAILY_MAIL_WORKER_GROUP, name, Duration.hours(1)),
          ),
          width: 8,
        }),
      ]
    : [];
  const ses = [
    new GraphWidget({
      title: 'SES sends, deliveries, bounces, complaints (daily)',
      left: ['Send', 'Delivery', 'Bounce', 'Complaint', 'Reject'].map((name) =>
        sesMetric(name, 'Sum', Duration.days(1)),
      ),
      width: 8,
    }),
    new GraphWidget({
      title: 'SES reputation',
      left: [m.bounceRate],
      right: [m.complaintRate],
      leftAnnotations: [
        { value: ALARM_SPECS.sesBounceRate.threshold, label: 'alarm 2 %' },
        { value: 0.05, label: 'AWS review 5 %' },
      ],
      rightAnnotations: [
        { value: ALARM_SPECS.sesComplaintRate.threshold, label: 'alarm 0.05 %' },
        { value: 0.001, label: 'AWS review 0.1 %' },
      ],
      width: 8,
    }),
  ];
  return [[heading('## Daily mail and SES')], [...executions, ...ses, ...funnel]];
}

function businessRows(props: ObservabilityProps): IWidget[][] {
  // The business metrics summed over the groups that publish them (a search keeps the groups out of the stack).
  const total = (name: MetricName) =>
    new MathExpression({
      expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service,stage,group} stage="${props.stage}" MetricName="${name}"', 'Sum', 300))`,
      usingMetrics: {},
      period: FIVE_MINUTES,
      label: name,
    });
  return [
    [heading('## Product activity (business metrics, D140)')],
    [
      new GraphWidget({
        title: 'Answers graded, reviews, exams created',
        left: [METRIC.answersGraded, METRIC.reviews, METRIC.examsCreated].map(total),
        width: 8,
      }),
      new GraphWidget({
        title: 'Imports: rows imported, imports refused',
        left: [total(METRIC.importedRows)],
        right: [total(METRIC.importsRefused)],
        width: 8,
      }),
      new GraphWidget({
        title: 'Cold starts, bounces, complaints',
        left: [total(METRIC.coldStart)],
        right: [total(METRIC.bounces), total(METRIC.complaints)],
        width: 8,
      }),
    ],
  ];
}
