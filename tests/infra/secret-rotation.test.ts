import { describe, expect, it } from 'vitest';
import { SECRET_VISIBLE_MS, secretArnEnv } from '#shared/domain/secret-names.js';
import { ROTATION_DAYS } from '../../infra/constructs/secret-rotation.js';
import { synthesize } from './synth.js';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

const { template } = synthesize();
const resources = template.toJSON().Resources as Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const secretId = (described: RegExp) =>
  ofType('AWS::SecretsManager::Secret').find(([, r]) => described.test(String(r.Properties.Description)))![0];
const originSecret = secretId(/CloudFront/);
const mailSecret = secretId(/unsubscribe/);
const [rotationFnId, rotationFn] = ofType('AWS::Lambda::Function').find(([, r]) =>
  String(r.Properties.FunctionName).endsWith?.('-secret-rotation'),
)!;
const [distributionId] = ofType('AWS::CloudFront::Distribution')[0]!;

function roleStatements(): Statement[] {
  const roleId = rotationFn.Properties.Role['Fn::GetAtt'][0] as string;
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
}

describe('scheduled rotation of the two secrets (D475, D476)', () => {
  it('schedules both secrets on the rotation function: the origin every 30 days, the mail-link key every 90, none at deploy', () => {
    const schedules = ofType('AWS::SecretsManager::RotationSchedule').map(([, r]) => r.Properties);
    expect(schedules).toHaveLength(2);
    const of = (secret: string) =>
      schedules.find((s) => JSON.stringify(s.SecretId) === JSON.stringify({ Ref: secret }))!;
    for (const [secret, days] of [
      [originSecret, 30],
      [mailSecret, 90],
    ] as const) {
      // The function's ARN (CDK may wrap the GetAtt), whatever the form.
      expect(JSON.stringify(of(secret).RotationLambdaARN), secret).toContain(`"${rotationFnId}"`);
      expect(of(secret), secret).toMatchObject({
        RotationRules: { ScheduleExpression: `rate(${days} days)` },
        RotateImmediatelyOnUpdate: false,
      });
    }
  });

  it('rotates the mail-link key less often than a link lives (60 days), so its previous key covers every live link (D413)', () => {
    expect(ROTATION_DAYS.mailLink * 86_400_000).toBeGreaterThan(60 * 86_400_000 + SECRET_VISIBLE_MS);
  });

  it('gives the function time to wait for every function to see the new origin value before moving CloudFront', () => {
    expect(rotationFn.Properties.Timeout * 1000).toBeGreaterThanOrEqual(SECRET_VISIBLE_MS + 3 * 60_000);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [rotationFnId, 'Arn'] },
      Principal: 'secretsmanager.amazonaws.com',
      Action: 'lambda:InvokeFunction',
    });
  });

  it('holds the two ARNs and the distribution id in its environment, no value', () => {
    expect(rotationFn.Properties.Environment.Variables).toEqual({
      [secretArnEnv('originVerify')]: { Ref: originSecret },
      [secretArnEnv('mailLink')]: { Ref: mailSecret },
      DISTRIBUTION_ID: { Ref: distributionId },
    });
  });

  it('may do only what the four steps call: the two secrets, the distribution, its logs and traces', () => {
    const byAction = new Map<string, unknown[]>();
    for (const statement of roleStatements()) {
      expect(statement.Effect).toBe('Allow');
      for (const action of [statement.Action].flat())
        byAction.set(action, [...(byAction.get(action) ?? []), ...[statement.Resource].flat()]);
    }
    const secrets = [{ Ref: originSecret }, { Ref: mailSecret }];
    const distributionArn = JSON.stringify(byAction.get('cloudfront:UpdateDistribution'));
    expect(Object.fromEntries([...byAction.entries()].map(([action, on]) => [action, on.length]))).toEqual({
      'logs:CreateLogStream': 1,
      'logs:PutLogEvents': 1,
      'xray:PutTraceSegments': 1,
      'xray:PutTelemetryRecords': 1,
      'secretsmanager:DescribeSecret': 2,
      'secretsmanager:GetSecretValue': 2,
      'secretsmanager:PutSecretValue': 2,
      'secretsmanager:UpdateSecretVersionStage': 2,
      'secretsmanager:GetRandomPassword': 1,
      'cloudfront:GetDistribution': 1,
      'cloudfront:GetDistributionConfig': 1,
      'cloudfront:UpdateDistribution': 1,
    });
    for (const action of ['DescribeSecret', 'GetSecretValue', 'PutSecretValue', 'UpdateSecretVersionStage'])
      expect(byAction.get(`secretsmanager:${action}`)).toEqual(expect.arrayContaining(secrets));
    // GetRandomPassword and X-Ray name no resource; everything else does.
    expect(byAction.get('secretsmanager:GetRandomPassword')).toEqual(['*']);
    expect(distributionArn).toContain(`"Ref":"${distributionId}"`);
    expect(distributionArn).toContain(':distribution/');
    expect(byAction.get('cloudfront:GetDistribution')).toEqual(byAction.get('cloudfront:UpdateDistribution'));
  });

  it('is the only function that may write either secret', () => {
    const writers = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.PolicyDocument).match(/PutSecretValue|UpdateSecretVersionStage/),
    );
    expect(writers).toHaveLength(1);
    expect(JSON.stringify(writers[0]![1].Properties.Roles)).toContain(rotationFn.Properties.Role['Fn::GetAtt'][0]);
  });
});
