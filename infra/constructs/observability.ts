import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, MathExpression, Metric, type Dashboard, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { CfnSamplingRule } from 'aws-cdk-lib/aws-xray';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';
import {
  ALARM_SPECS,
  API_5XX_MIN_REQUESTS,
  DAILY_MAIL_MIN_ATTEMPTS,
  type AlarmKind,
  type AlarmSpec,
} from './alarm-specs.js';
import { buildDashboard } from './operations-dashboard.js';
import {
  businessMetric,
  DAILY_MAIL_WORKER_GROUP,
  logMetricsNamespace,
  ORIGIN_REFUSAL_LOG,
  ORIGIN_REFUSAL_METRIC,
  sesMetric,
  TABLE_OPERATIONS,
} from './operational-metrics.js';
import { METRIC } from '#shared/domain/business-metrics.js';

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
  /** The alarm topic's action, for alarms built outside this construct (release-alarms.ts). */
  readonly action: SnsAction;

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

    this.samplingRule(props);
    const { requests, serverErrors, latencyP99 } = this.apiAlarms(props);
    this.functionAlarms(props);
    this.tableAlarms(props);
    this.dailyMailAlarms(props);
    const { bounceRate, complaintRate } = this.sesAlarms(props);
    const refusals = this.originRefusalAlarm(props);

    this.dashboard = buildDashboard(
      this,
      props,
      { requests, serverErrors, latencyP99, refusals, bounceRate, complaintRate },
      this.alarms,
    );
  }

  /** X-Ray samples this share of the stage's requests (its services are named after the stage). */
  private samplingRule(props: ObservabilityProps): void {
    const { namePrefix } = props;
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
  }

  private apiAlarms(props: ObservabilityProps) {
    const { namePrefix } = props;
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
    return { requests, serverErrors, latencyP99 };
  }

  private functionAlarms(props: ObservabilityProps): void {
    const { namePrefix } = props;
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
  }

  private tableAlarms(props: ObservabilityProps): void {
    const { namePrefix } = props;
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
  }

  private dailyMailAlarms(props: ObservabilityProps): void {
    const { namePrefix } = props;
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
  }

  private sesAlarms(props: ObservabilityProps) {
    const { namePrefix } = props;
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
    return { bounceRate, complaintRate };
  }

  private originRefusalAlarm(props: ObservabilityProps) {
    const { namePrefix } = props;
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
    return refusals;
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
}
