import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { ROOT_DIR } from '../../infra/bundling.js';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { ALARM_SPECS, DAILY_MAIL_MIN_ATTEMPTS, type AlarmKind } from '../../infra/constructs/alarm-specs.js';
import {
  ORIGIN_REFUSAL_LOG,
  ORIGIN_REFUSAL_METRIC,
  TABLE_OPERATIONS,
  logMetricsNamespace,
  DAILY_MAIL_WORKER_GROUP,
} from '../../infra/constructs/operational-metrics.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { METRIC, METRICS_NAMESPACE } from '#shared/domain/business-metrics.js';
import { TABLES } from '../../infra/definitions/tables.js';
import { synthesize } from './synth.js';

/** Observe (D112): tracing, log retention, alarms to the topic, the dashboard. */
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);
const XRAY_WRITE = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

let template: Template;
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** What one alarm must be: its kind (ALARM_SPECS) and the metrics it reads as `namespace metric`. */
interface ExpectedAlarm {
  kind: AlarmKind;
  metrics: string[];
  /** Dimension values the alarm's metrics must mention (a logical id or a literal). */
  mentions?: string[];
}

function functionId(tag: string): string {
  const found = ofType('AWS::Lambda::Function').find(([, r]) =>
    (r.Properties.Tags as { Key: string; Value: string }[] | undefined)?.some(
      (t) => t.Key === FUNCTION_TAG && t.Value === tag,
    ),
  );
  expect(found, tag).toBeDefined();
  return found![0];
}

function expectedAlarms(): Map<string, ExpectedAlarm> {
  const expected = new Map<string, ExpectedAlarm>();
  const apiId = ofType('AWS::ApiGatewayV2::Api')[0]![0];
  expected.set('quizbank-dev-api-5xx-rate', {
    kind: 'api5xxRate',
    metrics: ['AWS/ApiGateway 5xx', 'AWS/ApiGateway Count'],
    mentions: [apiId, '$default'],
  });
  expected.set('quizbank-dev-api-latency-p99', {
    kind: 'apiLatencyP99',
    metrics: ['AWS/ApiGateway Latency'],
    mentions: [apiId, '$default'],
  });
  const functions = [
    ...ROUTE_GROUPS.map((g) => ({ tag: `route-group:${g.name}`, name: g.name, routeGroup: true })),
    ...SCHEDULES.map((s) => ({ tag: `schedule:job-${s.name}`, name: `job-${s.name}`, routeGroup: false })),
    ...SCHEDULES.filter((s) => s.fanOut).map((s) => ({
      tag: `worker:${s.name}-worker`,
      name: `${s.name}-worker`,
      routeGroup: false,
    })),
    { tag: 'worker:mail-feedback', name: 'mail-feedback', routeGroup: false },
  ];
  for (const f of functions) {
    const id = functionId(f.tag);
    expected.set(`quizbank-dev-fn-${f.name}-errors`, {
      kind: f.routeGroup ? 'routeGroupErrors' : 'jobErrors',
      metrics: ['AWS/Lambda Errors'],
      mentions: [id],
    });
    expected.set(`quizbank-dev-fn-${f.name}-throttles`, {
      kind: f.routeGroup ? 'routeGroupThrottles' : 'jobThrottles',
      metrics: ['AWS/Lambda Throttles'],
      mentions: [id],
    });
  }
  for (const t of TABLES) {
    const id = ofType('AWS::DynamoDB::GlobalTable').find(
      ([, r]) => r.Properties.TableName === `quizbank-dev-${t.id}`,
    )![0];
    expected.set(`quizbank-dev-table-${t.id}-throttles`, {
      kind: 'tableThrottles',
      metrics: ['AWS/DynamoDB ThrottledRequests'],
      mentions: [id],
    });
    expected.set(`quizbank-dev-table-${t.id}-system-errors`, {
      kind: 'tableSystemErrors',
      metrics: ['AWS/DynamoDB SystemErrors'],
      mentions: [id],
    });
  }
  const machineId = ofType('AWS::StepFunctions::StateMachine')[0]![0];
  expected.set('quizbank-dev-daily-quiz-email-failed', {
    kind: 'dailyMailFailed',
    metrics: ['AWS/States ExecutionsFailed'],
    mentions: [machineId],
  });
  expected.set('quizbank-dev-daily-quiz-email-timed-out', {
    kind: 'dailyMailTimedOut',
    metrics: ['AWS/States ExecutionsTimedOut'],
    mentions: [machineId],
  });
  expected.set('quizbank-dev-daily-quiz-email-shortfall', {
    kind: 'dailyMailShortfall',
    metrics: [`${METRICS_NAMESPACE} ${METRIC.dailyMailsFailed}`, `${METRICS_NAMESPACE} ${METRIC.dailyMailsSent}`],
    mentions: ['dev', DAILY_MAIL_WORKER_GROUP],
  });
  expected.set('quizbank-dev-ses-bounce-rate', { kind: 'sesBounceRate', metrics: ['AWS/SES Reputation.BounceRate'] });
  expected.set('quizbank-dev-ses-complaint-rate', {
    kind: 'sesComplaintRate',
    metrics: ['AWS/SES Reputation.ComplaintRate'],
  });
  expected.set('quizbank-dev-origin-refusals', {
    kind: 'originRefusals',
    metrics: [`${logMetricsNamespace('dev')} ${ORIGIN_REFUSAL_METRIC}`],
  });
  return expected;
}

/** `namespace metric` of every metric an alarm reads (a plain metric or a math expression's). */
function alarmMetrics(props: Record<string, any>): string[] {
  if (props.MetricName) return [`${props.Namespace} ${props.MetricName}`];
  const metrics = (props.Metrics as { MetricStat?: { Metric: { Namespace: string; MetricName: string } } }[]).filter(
    (m) => m.MetricStat,
  );
  return [
    ...new Set(metrics.map((m) => `${m.MetricStat!.Metric.Namespace} ${m.MetricStat!.Metric.MetricName}`)),
  ].sort();
}

/** Period and statistic of a plain alarm, or of every metric of a math alarm. */
function alarmPeriods(props: Record<string, any>): number[] {
  if (props.MetricName) return [props.Period as number];
  return (props.Metrics as { MetricStat?: { Period: number } }[])
    .filter((m) => m.MetricStat)
    .map((m) => m.MetricStat!.Period);
}

beforeAll(() => {
  let operations: Template;
  ({ template, operations } = synthesize());
  // The alarms, dashboard and metric filters live in the nested operations stack (D173).
  resources = {
    ...(template.toJSON().Resources as Record<string, Resource>),
    ...(operations.toJSON().Resources as Record<string, Resource>),
  };
});

describe('tracing and log retention', () => {
  it('traces every Lambda function of the stack with X-Ray (CDK deploy-time helpers included)', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(ROUTE_GROUPS.length);
    for (const [id, fn] of functions) expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
  });

  it('gives every function a log group with a month of retention', () => {
    const logGroups = ofType('AWS::Logs::LogGroup');
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const own = fn.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined;
      // Ours name theirs in LoggingConfig; CDK's helpers write to `/aws/lambda/<name>`, created by the stack.
      const group = own
        ? resources[own]
        : logGroups.find(
            ([, g]) =>
              JSON.stringify(g.Properties.LogGroupName) ===
              JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: id }]] }),
          )?.[1];
      expect(group, `${id} log group`).toBeDefined();
      expect(group!.Properties.RetentionInDays, id).toBe(30);
    }
  });

  it('lets every function role write traces, with the two X-Ray actions only', () => {
    const policies = ofType('AWS::IAM::Policy').map(([, p]) => p);
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const inline = (
        (resources[roleId]!.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]
      ).flatMap((p) => p.PolicyDocument.Statement);
      const attached = policies
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
      const xray = [...inline, ...attached].filter((s) => asArray(s.Action).some((a) => a.startsWith('xray:')));
      // IAM policy minimization may merge them with other `*` actions of CDK's helpers (cloudfront:CreateInvalidation).
      const xrayActions = xray.flatMap((s) => asArray(s.Action)).filter((a) => a.startsWith('xray:'));
      expect(xrayActions.sort(), id).toEqual(XRAY_WRITE);
      for (const s of xray) expect(s.Resource, id).toBe('*');
    }
  });

  it('sets the X-Ray sampling rule of the stack from context (default 5 %)', () => {
    expect(ofType('AWS::XRay::SamplingRule')).toHaveLength(1);
    const rule = ofType('AWS::XRay::SamplingRule')[0]![1].Properties.SamplingRule;
    expect(rule).toMatchObject({
      RuleName: 'quizbank-dev',
      FixedRate: 0.05,
      ReservoirSize: 1,
      ServiceName: 'quizbank-dev-*',
    });
  });
});

describe('alarms', () => {
  let topicId: string;
  beforeAll(() => {
    const topics = ofType('AWS::SNS::Topic').filter(([, t]) => t.Properties.TopicName === 'quizbank-dev-alarms');
    expect(topics).toHaveLength(1);
    topicId = topics[0]![0];
  });

  it('has exactly the alarms of D112, each with its metric, threshold, periods and missing-data rule, notifying the topic', () => {
    const expected = expectedAlarms();
    // The route groups' release alarms (5xx, p90) are checked with their deployment groups
    // (gradual-deploy.test.ts); the scheduled jobs' own alarms (JobAlarms, D338) in jobs.test.ts.
    const alarms = ofType('AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties)
      .filter((a) => !/-fn-[\w-]+-(5xx|latency-p90)$/.test(a.AlarmName as string))
      .filter((a) => !String(a.AlarmDescription).includes('docs/decisions/jobs.md'));
    expect(alarms.map((a) => a.AlarmName as string).sort()).toEqual([...expected.keys()].sort());
    for (const props of alarms) {
      const name = props.AlarmName as string;
      const want = expected.get(name)!;
      const spec = ALARM_SPECS[want.kind];
      expect(alarmMetrics(props), name).toEqual([...want.metrics].sort());
      expect(props.Threshold, name).toBe(spec.threshold);
      expect(props.ComparisonOperator, name).toBe(spec.comparison);
      expect(props.EvaluationPeriods, name).toBe(spec.evaluationPeriods);
      expect(props.DatapointsToAlarm, name).toBe(spec.datapointsToAlarm);
      expect(props.TreatMissingData, name).toBe(spec.treatMissingData);
      for (const period of alarmPeriods(props)) expect(period, name).toBe(spec.period.toSeconds());
      expect(props.AlarmActions, name).toEqual([{ Ref: topicId }]);
      expect(props.OKActions, name).toEqual([{ Ref: topicId }]);
      for (const value of want.mentions ?? [])
        expect(JSON.stringify(props.Dimensions ?? props.Metrics), `${name} on ${value}`).toContain(`"${value}"`);
      expect(props.AlarmDescription, name).toContain('D112');
    }
  });

  it('counts the API 5xx rate only from 20 requests a period, and the p99 of Latency', () => {
    const byName = (n: string) =>
      ofType('AWS::CloudWatch::Alarm').find(([, a]) => a.Properties.AlarmName === n)![1].Properties;
    const rate = byName('quizbank-dev-api-5xx-rate');
    expect(rate.Metrics.find((m: { Expression?: string }) => m.Expression).Expression).toBe(
      'IF(requests >= 20, 100 * errors / requests, 0)',
    );
    expect(byName('quizbank-dev-api-latency-p99').ExtendedStatistic).toBe('p99');
    expect(byName('quizbank-dev-ses-bounce-rate').Statistic).toBe('Maximum');
    // At most 10 metrics in an alarm's math expression: the table alarms read one per operation.
    const throttles = byName('quizbank-dev-table-app-throttles').Metrics as {
      MetricStat?: { Metric: { Dimensions: { Name: string; Value: unknown }[] } };
    }[];
    const operations = throttles
      .filter((m) => m.MetricStat)
      .map((m) => m.MetricStat!.Metric.Dimensions.find((d) => d.Name === 'Operation')!.Value);
    expect(operations.sort()).toEqual([...TABLE_OPERATIONS].sort());
    expect(operations.length).toBeLessThanOrEqual(10);
  });

  it('alarms when the daily mail sent under 95 % of its attempted mails in an hour, from 20 attempts (D140)', () => {
    const alarm = ofType('AWS::CloudWatch::Alarm').find(
      ([, a]) => a.Properties.AlarmName === 'quizbank-dev-daily-quiz-email-shortfall',
    )![1].Properties;
    expect(alarm.Metrics.find((m: { Expression?: string }) => m.Expression).Expression).toBe(
      `IF(sent + failed >= ${DAILY_MAIL_MIN_ATTEMPTS}, 100 * sent / (sent + failed), 100)`,
    );
    const dimensions = (
      alarm.Metrics as { MetricStat?: { Metric: { Dimensions: { Name: string; Value: string }[] } } }[]
    )
      .filter((m) => m.MetricStat)
      .map((m) => Object.fromEntries(m.MetricStat!.Metric.Dimensions.map((d) => [d.Name, d.Value])));
    // The worker publishes them with exactly these dimensions (functions/runtime/metrics.ts).
    for (const d of dimensions)
      expect(d).toEqual({ service: 'quizbank', stage: 'dev', group: DAILY_MAIL_WORKER_GROUP });
    expect(SCHEDULES.find((s) => s.fanOut)!.name + '-worker').toBe(DAILY_MAIL_WORKER_GROUP);
  });

  it('publishes to an SNS topic encrypted with a key CloudWatch may use, over TLS only', () => {
    const topic = resources[topicId]!.Properties;
    const keyId = topic.KmsMasterKeyId['Fn::GetAtt'][0] as string;
    expect(resources[keyId]!.Properties.EnableKeyRotation).toBe(true);
    const keyStatements = resources[keyId]!.Properties.KeyPolicy.Statement as {
      Principal?: { Service?: string };
      Action: string | string[];
    }[];
    const cloudWatch = keyStatements.find((s) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
    expect(asArray(cloudWatch!.Action).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey*']);
    const policy = ofType('AWS::SNS::TopicPolicy').find(([, p]) =>
      JSON.stringify(p.Properties.Topics).includes(`"${topicId}"`),
    );
    expect(JSON.stringify(policy![1].Properties.PolicyDocument)).toContain('aws:SecureTransport');
  });

  it('subscribes an email address only when alarmEmail is set', () => {
    const emails = (t: Template) =>
      Object.values(t.findResources('AWS::SNS::Subscription') as Record<string, Resource>).filter(
        (s) => s.Properties.Protocol === 'email',
      );
    expect(emails(synthesize().operations)).toEqual([]);
    const { operations: withEmail } = synthesize({
      context: { alarmEmail: 'ops@example.org', tracingSampleRate: '0.2' },
    });
    const subscriptions = emails(withEmail);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.Properties.Endpoint).toBe('ops@example.org');
    expect(JSON.stringify(subscriptions[0]!.Properties.TopicArn)).toMatch(/ObservabilityAlarmTopic/);
    const rules = Object.values(withEmail.findResources('AWS::XRay::SamplingRule') as Record<string, Resource>);
    expect(rules.map((r) => r.Properties.SamplingRule.FixedRate)).toEqual([0.2]);
  });
});

describe('origin-secret refusals', () => {
  it('counts the refusal log line with a metric filter on every route group log group', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    expect(filters).toHaveLength(ROUTE_GROUPS.length);
    for (const group of ROUTE_GROUPS) {
      const fnProps = resources[functionId(`route-group:${group.name}`)]!.Properties;
      const logGroupId = fnProps.LoggingConfig.LogGroup.Ref as string;
      const filter = filters.find((f) => JSON.stringify(f.LogGroupName) === JSON.stringify({ Ref: logGroupId }));
      expect(filter, group.name).toBeDefined();
      expect(filter!.FilterPattern).toContain(`$.message = "${ORIGIN_REFUSAL_LOG.message}"`);
      expect(filter!.FilterPattern).toContain(`$.code = "${ORIGIN_REFUSAL_LOG.code}"`);
      expect(filter!.MetricTransformations).toEqual([
        { MetricNamespace: 'Quizbank/dev', MetricName: ORIGIN_REFUSAL_METRIC, MetricValue: '1' },
      ]);
    }
  });

  it('matches a line the functions still write (functions/ may move: searched, not imported)', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(join(ROOT_DIR, 'functions'));
    expect(
      sources.some((s) => s.includes(`'${ORIGIN_REFUSAL_LOG.message}'`)),
      'the error responder logs "request refused"',
    ).toBe(true);
    expect(
      sources.some((s) => s.includes(`'${ORIGIN_REFUSAL_LOG.code}'`)),
      'the origin check refuses with forbidden_origin',
    ).toBe(true);
  });
});

describe('dashboard', () => {
  it('is one dashboard with the API, a widget per route group and job, the tables, the daily mail and SES', () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]![1].Properties.DashboardName).toBe('quizbank-dev');
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    const titles = [
      'API requests, 4xx, 5xx',
      'API latency',
      'Origin-secret refusals',
      ...ROUTE_GROUPS.map((g) => `Route group ${g.name}`),
      ...SCHEDULES.map((s) => `Function job-${s.name}`),
      ...SCHEDULES.filter((s) => s.fanOut).map((s) => `Function ${s.name}-worker`),
      'Function mail-feedback',
      ...TABLES.flatMap((t) => [
        `Table ${t.id}: consumed capacity`,
        `Table ${t.id}: throttled requests`,
        `Table ${t.id}: system errors`,
      ]),
      'Daily mail executions',
      'SES sends, deliveries, bounces, complaints (daily)',
      'SES reputation',
      'Alarms',
    ];
    for (const title of titles) expect(body, title).toContain(`\\"title\\":\\"${title}\\"`);
    for (const metric of [
      'Invocations',
      'Errors',
      'Throttles',
      'Duration',
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ExecutionsStarted',
      'Reputation.BounceRate',
      'Reputation.ComplaintRate',
      'Bounce',
      'Complaint',
      'Send',
      '4xx',
      '5xx',
      'Latency',
    ]) {
      expect(body, metric).toContain(`\\"${metric}\\"`);
    }
    expect(body).toMatch(/p99/);
  });

  it('shows what the release and job alarms read: server errors per group, runs, pauses, mail, dead letters (D412)', () => {
    const body = JSON.stringify(ofType('AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardBody);
    const titles = [
      'Release and job alarms',
      'Server errors per route group (5xx but 503)',
      'Job runs started (hourly)',
      'Job runs paused by a kill switch (hourly)',
      'Daily mail: expected and reached recipients (hourly)',
      'Job dead letters',
      ...SCHEDULES.filter((s) => s.fanOut && s.name !== 'daily-quiz-email').map(
        (s) => `Job ${s.name} executions (hourly)`,
      ),
    ];
    for (const title of titles) expect(body, title).toContain(`\\"title\\":\\"${title}\\"`);
    for (const metric of [
      METRIC.serverErrors,
      METRIC.jobRunStarted,
      METRIC.jobsPaused,
      METRIC.dailyMailsExpected,
      METRIC.dailyMailsReached,
      'ApproximateNumberOfMessagesVisible',
      'NumberOfMessagesSent',
      'ExecutionsFailed',
      'ExecutionsTimedOut',
    ]) {
      expect(body, metric).toContain(metric);
    }
    // Every release alarm (two per route group) and every job alarm is on the status widget.
    const alarmNames = ofType('AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      /-(5xx|latency-p90|did-not-start|execution-failed|reached|job-dead-letters)$/.test(
        String(alarm.Properties.AlarmName),
      ),
    );
    expect(alarmNames.length).toBeGreaterThanOrEqual(2 * ROUTE_GROUPS.length + SCHEDULES.length + 1);
    const statusWidget = body.slice(body.indexOf('Release and job alarms'));
    for (const [logicalId] of alarmNames) expect(statusWidget, logicalId).toContain(logicalId);
  });

  it('outputs the alarm topic and the dashboard name', () => {
    expect(Object.keys(template.toJSON().Outputs as object)).toEqual(
      expect.arrayContaining(['AlarmTopicArn', 'DashboardName']),
    );
  });
});
