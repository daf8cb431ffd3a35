import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { synthesize } from './synth.js';

/** The daily quiz email in AWS (decisions D65–D69): schedule → state machine → plan + shard workers; SES feedback → SNS → handler. */
type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

let template: Template;
let resources: Record<string, Resource>;

function functionId(tag: string): string {
  const found = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
    ([, r]) =>
      (r.Properties.Tags as { Key: string; Value: string }[] | undefined)?.some(
        (t) => t.Key === FUNCTION_TAG && t.Value === tag,
      ),
  );
  expect(found, tag).toBeDefined();
  return found![0];
}

/** Every statement of the policies attached to a role. */
function statementsOfRole(roleId: string): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}
/** The function's `live` alias, which the state machine and SNS invoke (D141). */
function liveAlias(fnId: string): string {
  const found = Object.entries(template.findResources('AWS::Lambda::Alias') as Record<string, Resource>).find(
    ([, a]) =>
      a.Properties.Name === 'live' && JSON.stringify(a.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
  );
  expect(found, fnId).toBeDefined();
  return found![0];
}
const roleOfFunction = (id: string) => resources[id]!.Properties.Role['Fn::GetAtt'][0] as string;
const actions = (statements: Statement[]) => [...new Set(statements.flatMap((s) => asArray(s.Action)))].sort();

const def = SCHEDULES.find((s) => s.name === 'daily-quiz-email')!;

beforeAll(() => {
  ({ template } = synthesize());
  resources = template.toJSON().Resources as Record<string, Resource>;
});

describe('daily quiz email fan-out', () => {
  it('is scheduled as a state machine: the job plans, a Map runs the shard worker four at a time until each says done', () => {
    const machines = Object.entries(
      template.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>,
    ).filter(([, m]) => m.Properties.StateMachineName === 'quizbank-dev-daily-quiz-email');
    expect(machines).toHaveLength(1);
    const [machineId, machine] = machines[0]!;
    const definition = JSON.stringify(machine.Properties.DefinitionString);
    const jobId = liveAlias(functionId('schedule:job-daily-quiz-email'));
    const workerId = liveAlias(functionId('worker:daily-quiz-email-worker'));
    expect(definition).toContain(jobId);
    expect(definition).toContain(workerId);
    expect(definition).toContain('\\"mode\\":\\"plan\\"');
    expect(definition).toContain(`\\"MaxConcurrency\\":${def.fanOut!.parallel}`);
    expect(definition).toMatch(/\\"Variable\\":\\"\$\.done\\",\\"BooleanEquals\\":false/);
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    expect(machine.Properties.LoggingConfiguration.Level).toBe('ALL');

    const schedule = Object.values(template.findResources('AWS::Scheduler::Schedule') as Record<string, Resource>).find(
      (s) => s.Properties.Name === 'quizbank-dev-daily-quiz-email',
    )!;
    expect(schedule.Properties.Target.Arn).toEqual({ Ref: machineId });
    // The scheduler may start this machine and write a start it could not make to the jobs' dead-letter queue, nothing else.
    const schedulerStatements = statementsOfRole(schedule.Properties.Target.RoleArn['Fn::GetAtt'][0]);
    expect(actions(schedulerStatements)).toEqual(['sqs:SendMessage', 'states:StartExecution']);
    const deadLetters = Object.keys(template.findResources('AWS::SQS::Queue')).find((id) =>
      id.includes('DeadLetters'),
    )!;
    expect(schedulerStatements.flatMap((s) => asArray(s.Resource))).toEqual(
      expect.arrayContaining([{ Ref: machineId }, { 'Fn::GetAtt': [deadLetters, 'Arn'] }]),
    );
    expect(schedulerStatements.flatMap((s) => asArray(s.Resource))).toHaveLength(2);

    // The machine may invoke its job and worker aliases (and their versions) only.
    const machineStatements = statementsOfRole(machine.Properties.RoleArn['Fn::GetAtt'][0]);
    const invokes = machineStatements.filter((s) => asArray(s.Action).includes('lambda:InvokeFunction'));
    const targets = JSON.stringify(invokes.map((s) => s.Resource));
    expect(targets).toContain(jobId);
    expect(targets).toContain(workerId);
    expect(
      targets.match(/"(Ref|Fn::GetAtt)":\[?"([^"]+)"/g)!.every((m) => m.includes(jobId) || m.includes(workerId)),
    ).toBe(true);
  });

  it('gives the worker the job’s access: the app table and ses:SendEmail on the identity and configuration set only', () => {
    const worker = resources[functionId('worker:daily-quiz-email-worker')]!;
    expect(worker.Properties.Timeout).toBe(def.fanOut!.workerTimeoutSeconds);
    expect(worker.Properties.Environment.Variables.DAILY_MAIL_SEND_RATE).toBe(String(14 / def.fanOut!.parallel));
    const statements = statementsOfRole(roleOfFunction(functionId('worker:daily-quiz-email-worker')));
    const ses = statements.filter((s) => asArray(s.Action).some((a) => a.startsWith('ses:')));
    // (CDK's identity grant adds SendRawEmail, the same sending right for raw MIME.)
    expect(actions(ses)).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const sesResources = JSON.stringify(ses.map((s) => s.Resource));
    expect(sesResources).toMatch(/identity\/",\{"Ref":"MailIdentity/);
    expect(sesResources).toMatch(/configuration-set\/",\{"Ref":"MailConfigurationSet/);
    expect(sesResources).not.toMatch(/identity\/\*/);
    expect(actions(statements).filter((a) => /^(sqs|sns|states|lambda):/.test(a))).toEqual([]);
  });

  it('signs unsubscribe links with a generated key: the template holds a reference only', () => {
    const secret = Object.entries(
      template.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>,
    ).find(([, r]) => /unsubscribe/.test(String(r.Properties.Description)));
    expect(secret).toBeDefined();
    for (const tag of ['route-group:profile', 'worker:daily-quiz-email-worker']) {
      // Its ARN only: the function reads the key at run time (functions/runtime/secrets.ts, D345).
      const variables = resources[functionId(tag)]!.Properties.Environment.Variables;
      expect(variables.MAIL_LINK_SECRET, tag).toBeUndefined();
      expect(variables.MAIL_LINK_SECRET_ARN, tag).toEqual({ Ref: secret![0] });
    }
  });
});

describe('bounces and complaints', () => {
  it('sends the configuration set’s bounce and complaint events to an encrypted topic, subscribed by the feedback handler', () => {
    const destinations = Object.values(
      template.findResources('AWS::SES::ConfigurationSetEventDestination') as Record<string, Resource>,
    );
    expect(destinations).toHaveLength(1);
    const destination = destinations[0]!.Properties;
    expect(destination.ConfigurationSetName).toEqual(expect.anything());
    expect([...destination.EventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint']);
    const topicId = destination.EventDestination.SnsDestination.TopicARN.Ref as string;
    expect(resources[topicId]!.Type).toBe('AWS::SNS::Topic');
    expect(resources[topicId]!.Properties.KmsMasterKeyId).toBeDefined();

    const feedbackId = functionId('worker:mail-feedback');
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId },
      Endpoint: { Ref: liveAlias(feedbackId) },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'sns.amazonaws.com',
      SourceArn: { Ref: topicId },
    });
    // The handler only turns a user's setting off: the app table, no mail, no queue, no topic rights.
    const statements = statementsOfRole(roleOfFunction(feedbackId));
    expect(actions(statements).filter((a) => /^(ses|sqs|sns|states):/.test(a))).toEqual([]);
    expect(actions(statements)).toContain('dynamodb:UpdateItem');
  });
});
