import { CfnResource, Duration, Fn, RemovalPolicy, Validations, type Stack } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { CfnFunction, Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup, FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { CfnSamplingRule } from 'aws-cdk-lib/aws-xray';
import { Construct } from 'constructs';
import { FUNCTION_LOG_RETENTION, type AppFunction } from './app-function.js';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '#shared/domain/business-metrics.js';

/**
 * How one alarm decides. Every value has its reason in docs/decisions/operations.md (D112); the
 * infra tests read this table, so the page, the stack and the tests say the same.
 */
export interface AlarmSpec {
  threshold: number;
  comparison: ComparisonOperator;
  period: Duration;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  treatMissingData: TreatMissingData;
}

const AT_LEAST = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;
const ABOVE = ComparisonOperator.GREATER_THAN_THRESHOLD;
const QUIET_IS_OK = TreatMissingData.NOT_BREACHING;

/** Below this many attempted daily mails in an hour the share sent counts as 100 % (a few failures among a few are no trend). */
export const DAILY_MAIL_MIN_ATTEMPTS = 20;

/** Below this many requests in a period the 5xx rate counts as 0 (a single failure among a few is no trend). */
export const API_5XX_MIN_REQUESTS = 20;

export const ALARM_SPECS = {
  /** Per cent of API requests answered 5xx (API_5XX_MIN_REQUESTS or more requests in the period). */
  api5xxRate: {
    threshold: 2,
    comparison: ABOVE,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: QUIET_IS_OK,
  },
  /** p99 of API Gateway's `Latency` in milliseconds. */
  apiLatencyP99: {
    threshold: 5000,
    comparison: ABOVE,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 3,
    treatMissingData: QUIET_IS_OK,
  },
  /** Lambda `Errors` of a route group: timeouts, crashes, out of memory (answered errors are not Lambda errors). */
  routeGroupErrors: {
    threshold: 5,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  routeGroupThrottles: {
    threshold: 5,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /** Jobs, the daily mail's worker and the mail feedback handler: rare invocations, each one matters. */
  jobErrors: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  jobThrottles: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /** Sum of `ThrottledRequests` over the operations the app uses. */
  tableThrottles: {
    threshold: 10,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: QUIET_IS_OK,
  },
  /** Sum of `SystemErrors` (DynamoDB's own 500s) over the operations the app uses. */
  tableSystemErrors: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: QUIET_IS_OK,
  },
  /** Step Functions `ExecutionsFailed` / `ExecutionsTimedOut` of the daily mail's state machine. */
  dailyMailFailed: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  dailyMailTimedOut: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /**
   * Per cent of the daily mail's attempted sends (sent + failed, from the worker's business
   * metrics, D140) that went out in an hour, when DAILY_MAIL_MIN_ATTEMPTS or more were attempted.
   */
  dailyMailShortfall: {
    threshold: 95,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /** SES account reputation (a fraction: 0.02 = 2 %); AWS reviews the account at 5 % and 0.1 %. */
  sesBounceRate: {
    threshold: 0.02,
    comparison: ABOVE,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.IGNORE,
  },
  sesComplaintRate: {
    threshold: 0.0005,
    comparison: ABOVE,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.IGNORE,
  },
  /** Requests refused for a missing or wrong origin secret (log metric filter), summed over the route groups. */
  originRefusals: {
    threshold: 20,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
} satisfies Record<string, AlarmSpec>;

export type AlarmKind = keyof typeof ALARM_SPECS;

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

export interface ObservabilityProps {
  namePrefix: string;
  stage: string;
  alarmEmail?: string;
  tracingSampleRate: number;
  apiStage: HttpStage;
  /** One per route group, by group name. */
  routeGroups: ReadonlyMap<string, AppFunction>;
  /** Scheduled jobs, fan-out workers and other background functions. */
  background: AppFunction[];
  tables: ReadonlyMap<string, TableV2>;
  /** The daily mail's state machine. */
  dailyMail?: StateMachine;
}

/**
 * What an operator watches (D112): one encrypted SNS topic every alarm notifies (and an email
 * subscription from context), the alarms of ALARM_SPECS, one dashboard and the stack's X-Ray
 * sampling rule.
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  /** Each function's Errors alarm: CodeDeploy rolls that function's canary back on it (D141). */
  readonly errorAlarms = new Map<AppFunction, Alarm>();
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { namePrefix } = props;

    // CloudWatch publishes to an encrypted topic only with a customer managed key it may use.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `${namePrefix} alarm notifications`,
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:GenerateDataKey*', 'kms:Decrypt');
    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `${namePrefix}-alarms`,
      displayName: `${namePrefix} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.action = new SnsAction(this.topic);

    new CfnSamplingRule(this, 'SamplingRule', {
      samplingRule: {
        ruleName: namePrefix,
        priority: 1000,
        version: 1,
        reservoirSize: 1,
        fixedRate: props.tracingSampleRate,
        serviceName: `${namePrefix}-*`,
        serviceType: '*',
        host: '*',
        httpMethod: '*',
        urlPath: '*',
        resourceArn: '*',
      },
    });

    // API: 5xx rate and p99 latency of the $default stage (HTTP APIs have no X-Ray tracing of their own).
    const api = props.apiStage;
    const requests = api.metricCount({ statistic: 'Sum', period: ALARM_SPECS.api5xxRate.period });
    const serverErrors = api.metricServerError({ statistic: 'Sum', period: ALARM_SPECS.api5xxRate.period });
    const rate5xx = new MathExpression({
      expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: ALARM_SPECS.api5xxRate.period,
      label: '5xx % of requests',
    });
    this.alarm(
      'Api5xxRate',
      `${namePrefix}-api-5xx-rate`,
      'api5xxRate',
      rate5xx,
      'More than 2 % of API requests answered 5xx',
    );
    const latencyP99 = api.metricLatency({ statistic: 'p99', period: ALARM_SPECS.apiLatencyP99.period });
    this.alarm(
      'ApiLatencyP99',
      `${namePrefix}-api-latency-p99`,
      'apiLatencyP99',
      latencyP99,
      'API p99 latency above 5 s for 15 minutes',
    );

    // Each function's Errors and Throttles.
    const functions = [...props.routeGroups.values(), ...props.background];
    for (const f of functions) {
      const routeGroup = f.kind === 'route-group';
      const errors = routeGroup ? 'routeGroupErrors' : 'jobErrors';
      const throttles = routeGroup ? 'routeGroupThrottles' : 'jobThrottles';
      const errorAlarm = this.alarm(
        `${f.name}Errors`,
        `${namePrefix}-fn-${f.name}-errors`,
        errors,
        f.fn.metricErrors({ statistic: 'Sum', period: ALARM_SPECS[errors].period }),
        `${f.kind} ${f.name}: Lambda errors (timeouts, crashes)`,
      );
      this.errorAlarms.set(f, errorAlarm);
      this.alarm(
        `${f.name}Throttles`,
        `${namePrefix}-fn-${f.name}-throttles`,
        throttles,
        f.fn.metricThrottles({ statistic: 'Sum', period: ALARM_SPECS[throttles].period }),
        `${f.kind} ${f.name}: Lambda throttles`,
      );
    }

    // DynamoDB: throttled requests and system errors per table.
    for (const [id, table] of props.tables) {
      const throttled = table.metricThrottledRequestsForOperations({
        operations: TABLE_OPERATIONS,
        period: ALARM_SPECS.tableThrottles.period,
      });
      const systemErrors = table.metricSystemErrorsForOperations({
        operations: TABLE_OPERATIONS,
        period: ALARM_SPECS.tableSystemErrors.period,
      });
      this.alarm(
        `${id}TableThrottles`,
        `${namePrefix}-table-${id}-throttles`,
        'tableThrottles',
        throttled,
        `Table ${id}: throttled requests (hot partition or index)`,
      );
      this.alarm(
        `${id}TableSystemErrors`,
        `${namePrefix}-table-${id}-system-errors`,
        'tableSystemErrors',
        systemErrors,
        `Table ${id}: DynamoDB system errors`,
      );
    }

    // The daily mail's state machine: an execution that failed or ran past its 12 hours.
    if (props.dailyMail) {
      const machine = props.dailyMail;
      const hour = ALARM_SPECS.dailyMailShortfall.period;
      this.alarm(
        'DailyMailFailed',
        `${namePrefix}-daily-quiz-email-failed`,
        'dailyMailFailed',
        machine.metricFailed({ statistic: 'Sum', period: ALARM_SPECS.dailyMailFailed.period }),
        'The daily mail execution failed',
      );
      const sent = businessMetric(props.stage, DAILY_MAIL_WORKER_GROUP, METRIC.dailyMailsSent, hour);
      const failed = businessMetric(props.stage, DAILY_MAIL_WORKER_GROUP, METRIC.dailyMailsFailed, hour);
      this.alarm(
        'DailyMailShortfall',
        `${namePrefix}-daily-quiz-email-shortfall`,
        'dailyMailShortfall',
        new MathExpression({
          expression: `IF(sent + failed >= ${DAILY_MAIL_MIN_ATTEMPTS}, 100 * sent / (sent + failed), 100)`,
          usingMetrics: { sent, failed },
          period: hour,
          label: 'daily mail: % of attempted sends sent',
        }),
        'The daily mail sent less than 95 % of the mails it attempted in an hour (threshold reasons: D140)',
      );
      this.alarm(
        'DailyMailTimedOut',
        `${namePrefix}-daily-quiz-email-timed-out`,
        'dailyMailTimedOut',
        machine.metricTimedOut({ statistic: 'Sum', period: ALARM_SPECS.dailyMailTimedOut.period }),
        'The daily mail execution timed out',
      );
    }

    // SES reputation of the account (the configuration set has reputation metrics on as well).
    const bounceRate = sesMetric('Reputation.BounceRate', 'Maximum', ALARM_SPECS.sesBounceRate.period);
    const complaintRate = sesMetric('Reputation.ComplaintRate', 'Maximum', ALARM_SPECS.sesComplaintRate.period);
    this.alarm(
      'SesBounceRate',
      `${namePrefix}-ses-bounce-rate`,
      'sesBounceRate',
      bounceRate,
      'SES bounce rate above 2 % (AWS reviews the account at 5 %)',
    );
    this.alarm(
      'SesComplaintRate',
      `${namePrefix}-ses-complaint-rate`,
      'sesComplaintRate',
      complaintRate,
      'SES complaint rate above 0.05 % (AWS reviews the account at 0.1 %)',
    );

    // Origin-secret refusals: the route groups' log line, counted by one metric filter per log group.
    const namespace = logMetricsNamespace(props.stage);
    for (const f of props.routeGroups.values()) {
      new MetricFilter(this, `${f.name}OriginRefusals`, {
        logGroup: f.logGroup,
        filterPattern: FilterPattern.all(
          FilterPattern.stringValue('$.message', '=', ORIGIN_REFUSAL_LOG.message),
          FilterPattern.stringValue('$.code', '=', ORIGIN_REFUSAL_LOG.code),
        ),
        metricNamespace: namespace,
        metricName: ORIGIN_REFUSAL_METRIC,
        metricValue: '1',
      });
    }
    const refusals = new Metric({
      namespace,
      metricName: ORIGIN_REFUSAL_METRIC,
      statistic: 'Sum',
      period: ALARM_SPECS.originRefusals.period,
      label: 'origin-secret refusals',
    });
    this.alarm(
      'OriginRefusals',
      `${namePrefix}-origin-refusals`,
      'originRefusals',
      refusals,
      'Requests without the origin secret (the execute-api URL called directly)',
    );

    this.dashboard = this.buildDashboard(props, {
      requests,
      serverErrors,
      latencyP99,
      refusals,
      bounceRate,
      complaintRate,
    });
  }

  private alarm(id: string, alarmName: string, kind: AlarmKind, metric: IMetric, description: string): Alarm {
    const spec: AlarmSpec = ALARM_SPECS[kind];
    const alarm = new Alarm(this, id, {
      alarmName,
      alarmDescription: `${description}. Reasons: docs/decisions/operations.md (D112, ${kind}).`,
      metric,
      threshold: spec.threshold,
      comparisonOperator: spec.comparison,
      evaluationPeriods: spec.evaluationPeriods,
      datapointsToAlarm: spec.datapointsToAlarm,
      treatMissingData: spec.treatMissingData,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  private buildDashboard(
    props: ObservabilityProps,
    m: {
      requests: IMetric;
      serverErrors: IMetric;
      latencyP99: IMetric;
      refusals: IMetric;
      bounceRate: IMetric;
      complaintRate: IMetric;
    },
  ): Dashboard {
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.namePrefix,
      defaultInterval: Duration.hours(6),
    });
    const api = props.apiStage;
    const fiveMinutes = Duration.minutes(5);
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${props.namePrefix}\nGolden signals per route group, the tables, the daily mail and SES. Alarms and their reasons: docs/decisions/operations.md (D112).`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }));
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests, 4xx, 5xx',
        left: [m.requests, api.metricClientError({ statistic: 'Sum', period: fiveMinutes }), m.serverErrors],
        width: 8,
      }),
      new GraphWidget({
        title: 'API latency',
        left: [
          api.metricLatency({ statistic: 'p50', period: fiveMinutes, label: 'p50' }),
          m.latencyP99,
          api.metricIntegrationLatency({ statistic: 'p99', period: fiveMinutes, label: 'integration p99' }),
        ],
        width: 8,
      }),
      new GraphWidget({ title: 'Origin-secret refusals', left: [m.refusals], width: 8 }),
    );

    const functionWidget = (title: string, f: AppFunction): IWidget =>
      new GraphWidget({
        title,
        left: [
          f.fn.metricInvocations({ statistic: 'Sum', period: fiveMinutes }),
          f.fn.metricErrors({ statistic: 'Sum', period: fiveMinutes }),
          f.fn.metricThrottles({ statistic: 'Sum', period: fiveMinutes }),
        ],
        right: [
          f.fn.metricDuration({ statistic: 'p50', period: fiveMinutes, label: 'duration p50' }),
          f.fn.metricDuration({ statistic: 'p99', period: fiveMinutes, label: 'duration p99' }),
        ],
        width: 8,
      });
    dashboard.addWidgets(
      new TextWidget({
        markdown: '## Route groups: invocations, errors, throttles (left), duration p50/p99 in ms (right)',
        width: 24,
        height: 1,
      }),
    );
    dashboard.addWidgets(...[...props.routeGroups].map(([name, f]) => functionWidget(`Route group ${name}`, f)));
    dashboard.addWidgets(new TextWidget({ markdown: '## Jobs and background functions', width: 24, height: 1 }));
    dashboard.addWidgets(...props.background.map((f) => functionWidget(`Function ${f.name}`, f)));

    dashboard.addWidgets(
      new TextWidget({ markdown: '## DynamoDB: consumed capacity and throttles per table', width: 24, height: 1 }),
    );
    // One widget per expression: the operation metrics of two expressions share ids (`getitem`…).
    for (const [id, table] of props.tables) {
      dashboard.addWidgets(
        new GraphWidget({
          title: `Table ${id}: consumed capacity`,
          left: [
            table.metricConsumedReadCapacityUnits({ statistic: 'Sum', period: fiveMinutes }),
            table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', period: fiveMinutes }),
          ],
          width: 8,
        }),
        new GraphWidget({
          title: `Table ${id}: throttled requests`,
          left: [table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes })],
          width: 8,
        }),
        new GraphWidget({
          title: `Table ${id}: system errors`,
          left: [table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes })],
          width: 8,
        }),
      );
    }

    dashboard.addWidgets(new TextWidget({ markdown: '## Daily mail and SES', width: 24, height: 1 }));
    const mailWidgets: IWidget[] = [];
    if (props.dailyMail) {
      const machine = props.dailyMail;
      const hourly = { statistic: 'Sum', period: Duration.hours(1) };
      mailWidgets.push(
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
      );
    }
    const daily = Duration.days(1);
    mailWidgets.push(
      new GraphWidget({
        title: 'SES sends, deliveries, bounces, complaints (daily)',
        left: ['Send', 'Delivery', 'Bounce', 'Complaint', 'Reject'].map((name) => sesMetric(name, 'Sum', daily)),
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
    );
    if (props.dailyMail) {
      mailWidgets.push(
        new GraphWidget({
          title: 'Daily mail funnel: sent, skipped, failed (hourly)',
          left: [METRIC.dailyMailsSent, METRIC.dailyMailsSkipped, METRIC.dailyMailsFailed].map((name) =>
            businessMetric(props.stage, DAILY_MAIL_WORKER_GROUP, name, Duration.hours(1)),
          ),
          width: 8,
        }),
      );
    }
    dashboard.addWidgets(...mailWidgets);

    // The business metrics summed over the groups that publish them (a search keeps the groups out of the stack).
    const total = (name: MetricName) =>
      new MathExpression({
        expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service,stage,group} stage="${props.stage}" MetricName="${name}"', 'Sum', 300))`,
        usingMetrics: {},
        period: fiveMinutes,
        label: name,
      });
    dashboard.addWidgets(
      new TextWidget({ markdown: '## Product activity (business metrics, D140)', width: 24, height: 1 }),
    );
    dashboard.addWidgets(
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
    );
    return dashboard;
  }
}

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

function sesMetric(metricName: string, statistic: string, period: Duration): Metric {
  return new Metric({ namespace: 'AWS/SES', metricName, statistic, period });
}

const XRAY_WRITE = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

/**
 * CDK's own deploy-time functions (the BucketDeployment handler, the S3 auto-delete provider) get
 * what AppFunction gives ours: X-Ray active tracing with its two write actions, and a log group
 * kept FUNCTION_LOG_RETENTION. Call it last in the stack, once every construct exists. Their log
 * groups are retained on delete, as CDK does for its own: the handler may still write while the
 * stack is being deleted, which would recreate a deleted group without retention.
 */
export function observeHelperFunctions(stack: Stack): void {
  const reason =
    'X-Ray accepts trace segments and telemetry on no resource narrower than *: the two xray:Put actions of active tracing on a CDK deploy-time function only.';
  const retentionDays = FUNCTION_LOG_RETENTION as number;
  for (const node of stack.node.findAll()) {
    if (node instanceof LambdaFunction) {
      const cfn = node.node.defaultChild as CfnFunction;
      if (cfn.tracingConfig) continue;
      cfn.tracingConfig = { mode: Tracing.ACTIVE };
      node.addToRolePolicy(new PolicyStatement({ actions: XRAY_WRITE, resources: ['*'] }));
      Validations.of(node).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason });
      // The log group CDK makes for it (`@aws-cdk/aws-lambda:useCdkManagedLogGroup`): two years by default.
      const managed = node.node.tryFindChild('LogGroup');
      const logGroup = managed?.node.defaultChild;
      if (logGroup instanceof CfnLogGroup) logGroup.retentionInDays = retentionDays;
      else if (!cfn.loggingConfig) throw new Error(`${node.node.path}: a function without a log group of its own`);
    } else if (
      node instanceof CfnResource &&
      !(node instanceof CfnFunction) &&
      node.cfnResourceType === 'AWS::Lambda::Function'
    ) {
      // A CustomResourceProvider's handler: plain CloudFormation, its role a sibling `Role`.
      const provider = node.node.scope!;
      const role = provider.node.tryFindChild('Role');
      if (!(role instanceof CfnResource)) throw new Error(`${node.node.path}: no provider role to grant X-Ray to`);
      node.addPropertyOverride('TracingConfig', { Mode: 'Active' });
      role.addPropertyOverride('Policies', [
        {
          PolicyName: 'xray-write',
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Action: XRAY_WRITE, Resource: '*' }],
          },
        },
      ]);
      new LogGroup(provider, 'Logs', {
        logGroupName: Fn.join('', ['/aws/lambda/', node.ref]),
        retention: FUNCTION_LOG_RETENTION,
        removalPolicy: RemovalPolicy.RETAIN,
      });
    }
  }
}
