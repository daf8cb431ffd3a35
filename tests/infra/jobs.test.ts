import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { JOB_ALARM_SPECS } from '../../infra/constructs/job-alarms.js';
import { dailyMailWallSeconds, DAILY_MAIL_MODEL } from '../../infra/definitions/daily-mail-model.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { FAN_OUT_RETRY } from '../../shared/domain/job-retry.js';
import { synthesize } from './synth.js';

/**
 * The scheduled jobs in AWS (docs/decisions/jobs.md D333–D338): every schedule's failed start and
 * every fan-out task past its retries go to one dead-letter queue; the alarms read the right metrics.
 */
type Resource = { Type: string; Properties: Record<string, any> };

let template: Template;
let resources: Record<string, Resource>;
let alarms: Resource[];
let deadLetters: string;
let stack: ReturnType<typeof synthesize>['stack'];

const machineNamed = (job: string) =>
  Object.entries(resources).find(
    ([, r]) => r.Type === 'AWS::StepFunctions::StateMachine' && r.Properties.StateMachineName === `quizbank-dev-${job}`,
  )!;
/** The state machine's definition as JSON, CloudFormation's joins flattened to text. */
const definitionOf = (machine: Resource) => JSON.stringify(machine.Properties.DefinitionString);
const alarmNamed = (name: string) => alarms.find((a) => a.Properties.AlarmName === `quizbank-dev-${name}`)!;

beforeAll(() => {
  let operations: Template;
  ({ template, operations, stack } = synthesize());
  resources = template.toJSON().Resources as Record<string, Resource>;
  alarms = Object.values(operations.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
  const queues = Object.keys(template.findResources('AWS::SQS::Queue'));
  deadLetters = queues.find((id) => id.startsWith('JobsDeadLetters'))!;
  expect(deadLetters).toBeDefined();
});

describe('scheduled jobs', () => {
  it('keep one encrypted dead-letter queue, TLS only, for 14 days', () => {
    const queue = resources[deadLetters]!;
    expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const policy = Object.values(template.findResources('AWS::SQS::QueuePolicy') as Record<string, Resource>).find(
      (p) => JSON.stringify(p.Properties.Queues).includes(deadLetters),
    )!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('every schedule retries a failed start twice within the hour, then writes it to the dead-letter queue', () => {
    const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule') as Record<string, Resource>);
    expect(schedules).toHaveLength(SCHEDULES.length);
    for (const schedule of schedules) {
      expect(schedule.Properties.Target.DeadLetterConfig, schedule.Properties.Name).toEqual({
        Arn: { 'Fn::GetAtt': [deadLetters, 'Arn'] },
      });
      expect(schedule.Properties.Target.RetryPolicy).toEqual({
        MaximumEventAgeInSeconds: 3600,
        MaximumRetryAttempts: 2,
      });
    }
  });

  it('a plain job is retried twice by Lambda and its failed event goes to the dead-letter queue', () => {
    for (const def of SCHEDULES.filter((s) => !s.fanOut)) {
      const fnId = Object.entries(resources).find(
        ([, r]) =>
          r.Type === 'AWS::Lambda::Function' &&
          (r.Properties.Tags as { Key: string; Value: string }[] | undefined)?.some(
            (t) => t.Key === FUNCTION_TAG && t.Value === `schedule:job-${def.name}`,
          ),
      )![0];
      const config = Object.values(resources).find(
        (r) =>
          r.Type === 'AWS::Lambda::EventInvokeConfig' &&
          JSON.stringify(r.Properties.FunctionName) === JSON.stringify({ Ref: fnId }) &&
          // The `live` alias (its ARN's last part), which the schedule invokes.
          JSON.stringify(r.Properties.Qualifier).includes('Live'),
      )!;
      expect(config.Properties).toMatchObject({
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 3600,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLetters, 'Arn'] } } },
      });
    }
  });

  it('each fan-out task is retried with backoff and jitter, then sent to the dead-letter queue', () => {
    const fanOuts = SCHEDULES.filter((s) => s.fanOut);
    expect(fanOuts.map((s) => s.name).sort()).toEqual(['daily-quiz-email', 'fsrs-fit', 'retention-cleanup']);
    for (const def of fanOuts) {
      const [, machine] = machineNamed(def.name);
      const definition = definitionOf(machine);
      const retry = `{\\"ErrorEquals\\":[\\"States.ALL\\"],\\"IntervalSeconds\\":${FAN_OUT_RETRY.intervalSeconds},\\"MaxAttempts\\":${FAN_OUT_RETRY.retries},\\"BackoffRate\\":${FAN_OUT_RETRY.backoffRate},\\"JitterStrategy\\":\\"FULL\\"}`;
      expect(definition, def.name).toContain(retry);
      expect(definition).toContain('arn:",{"Ref":"AWS::Partition"},":states:::sqs:sendMessage');
      expect(definition).toContain(`{"Ref":"${deadLetters}"}`);
      expect(definition).toContain(`\\"MaxConcurrency\\":${def.fanOut!.parallel}`);
      // The machine may send to the dead-letter queue.
      const role = machine.Properties.RoleArn['Fn::GetAtt'][0] as string;
      const statements = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(role))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
      expect(
        statements.some(
          (s) =>
            [s.Action].flat().includes('sqs:SendMessage') &&
            JSON.stringify(s.Resource) === JSON.stringify({ 'Fn::GetAtt': [deadLetters, 'Arn'] }),
        ),
      ).toBe(true);
    }
    // The fit job walks in plan pages, each a distributed map of standard child executions.
    const fit = definitionOf(machineNamed('fsrs-fit')[1]);
    expect(fit).toContain('\\"Mode\\":\\"DISTRIBUTED\\",\\"ExecutionType\\":\\"STANDARD\\"');
    expect(fit).toMatch(/\\"Variable\\":\\"\$\.more\\",\\"BooleanEquals\\":true/);
    expect(fit).toContain('\\"state.$\\":\\"$.state\\"');
    // The daily mail ends with its finish step: expected and every task's last report.
    const mail = definitionOf(machineNamed('daily-quiz-email')[1]);
    expect(mail).toContain('\\"mode\\":\\"finish\\",\\"expected.$\\":\\"$.expected\\",\\"reports.$\\":\\"$.reports\\"');
    expect(mail).toContain('\\"TimeoutSeconds\\":43200');
  });

  it('alarm on dead letters, on each job that did not start in 25 hours (missing data breaching), on a short daily mail', () => {
    const dead = alarmNamed('job-dead-letters');
    expect(dead.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetters, 'QueueName'] } }],
    });
    for (const def of SCHEDULES) {
      const alarm = alarmNamed(`${def.name}-did-not-start`);
      const [stat] = (alarm.Properties.Metrics as { MetricStat: any }[]).map((m) => m.MetricStat);
      expect(stat, def.name).toMatchObject({
        Metric: { Namespace: 'Quizbank', MetricName: 'JobRunStarted' },
        Stat: 'Sum',
        Period: 3600,
      });
      expect(alarm.Properties, def.name).toMatchObject({
        EvaluationPeriods: JOB_ALARM_SPECS.runDidNotStart.evaluationPeriods,
        DatapointsToAlarm: JOB_ALARM_SPECS.runDidNotStart.datapointsToAlarm,
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
      });
      expect(stat.Metric.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'group', Value: def.name },
          { Name: 'stage', Value: 'dev' },
          { Name: 'service', Value: 'quizbank' },
        ]),
      );
    }
    const reached = alarmNamed('daily-quiz-email-reached');
    expect(reached.Properties).toMatchObject({
      Threshold: 99,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    const metrics = reached.Properties.Metrics as { Id: string; Expression?: string; MetricStat?: any }[];
    expect(metrics.find((m) => m.Expression)!.Expression).toBe('IF(expected > 0, 100 * reached / expected, 100)');
    const byId = Object.fromEntries(metrics.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat]));
    expect(byId.expected.Metric.MetricName).toBe('DailyMailsExpected');
    expect(byId.reached.Metric.MetricName).toBe('DailyMailsReached');
    for (const stat of Object.values(byId)) {
      expect(stat.Metric.Dimensions).toEqual(expect.arrayContaining([{ Name: 'group', Value: 'daily-quiz-email' }]));
      expect(stat).toMatchObject({ Stat: 'Sum', Period: 3600 });
    }
    for (const job of ['fsrs-fit', 'retention-cleanup']) {
      const failed = alarmNamed(`${job}-execution-failed`);
      const names = (failed.Properties.Metrics as { MetricStat?: any }[])
        .filter((m) => m.MetricStat)
        .map((m) => m.MetricStat.Metric.MetricName)
        .sort();
      expect(names).toEqual(['ExecutionsFailed', 'ExecutionsTimedOut']);
    }
    // Every job alarm notifies the stack's alarm topic, raised and cleared.
    for (const alarm of alarms.filter((a) =>
      /job-dead|did-not-start|-reached|execution-failed/.test(a.Properties.AlarmName),
    )) {
      expect(alarm.Properties.AlarmActions).toHaveLength(1);
      expect(alarm.Properties.OKActions).toEqual(alarm.Properties.AlarmActions);
    }
  });

  it('the daily mail at 1 M recipients fits its 12 h timeout from 24 mails/s; synth warns below', () => {
    const timeout = SCHEDULES.find((s) => s.name === 'daily-quiz-email')!.fanOut!.timeoutHours * 3600;
    expect(dailyMailWallSeconds(DAILY_MAIL_MODEL.users, 14)).toBeGreaterThan(timeout);
    expect(dailyMailWallSeconds(DAILY_MAIL_MODEL.users, 200)).toBeLessThan(2 * 3600);
    // The default rate (14/s) warns; 200/s does not.
    const warnings = (s: typeof stack) =>
      Annotations.fromStack(s).findWarning('*', Match.stringLikeRegexp('request an SES rate of at least 24/s'));
    expect(warnings(stack)).toHaveLength(1);
    expect(warnings(synthesize({ context: { sesSendRate: '200' } }).stack)).toHaveLength(0);
  });
});
