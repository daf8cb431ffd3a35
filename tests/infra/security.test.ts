import { App, type Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_PREFIXES } from '../../infra/constructs/access-logs.js';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { readSettings } from '../../infra/settings.js';
import { SIGN_IN_PATHS, SIGN_IN_RATE_LIMIT } from '../../infra/sign-in-waf-stack.js';
import { addStageStacks } from '../../infra/stage-stacks.js';
import { secretArnEnv } from '#shared/domain/secret-names.js';
import { PIPELINE_STAGES } from '../../infra/settings.js';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import { cdkJsonContext, fakeSite, synthesize } from './synth.js';

/** Every cdk-nag AwsSolutions finding (errors and warnings) nobody acknowledged, as `rule path`. */
function unacknowledged(stack: Stack): string[] {
  const report = new AwsSolutionsChecks(stack).validateScope(stack);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} ${r.constructPath ?? r.resourceLogicalId}`),
  );
}

const CUSTOM_DOMAIN = {
  domainName: 'quiz.example.org',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
  mailFrom: 'quiz.example.org',
};

/**
 * The app as infra/app.ts builds a deployed stage (stage-stacks.ts): the web ACL in us-east-1,
 * referenced across regions, with a region and no account, as CI synthesises it offline.
 */
function synthesizeWithWaf(stage = 'prod') {
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const settings = readSettings(
    (key) => ({ stage, region: 'ap-northeast-2' })[key as 'stage'] ?? app.node.tryGetContext(key),
  );
  const { main: stack, waf } = addStageStacks(app, settings, { siteAssetPath: fakeSite() });
  if (!waf) throw new Error('no WAF stack');
  return { app, waf, stack };
}

describe('cdk-nag AwsSolutions over the synthesized stack', () => {
  it('synthesizes with the pack as a validation plugin and leaves no finding unacknowledged', () => {
    const { stack } = synthesize({ nag: true });
    expect(unacknowledged(stack)).toEqual([]);
  });

  it('has no unacknowledged finding with a custom domain (TLS 1.2 policy, no CFR4 acknowledgement)', () => {
    const { stack, template } = synthesize({ context: CUSTOM_DOMAIN, nag: true });
    expect(unacknowledged(stack)).toEqual([]);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
  });

  it('has no unacknowledged finding with the WAF (every deployed stage)', () => {
    const { waf, stack } = synthesizeWithWaf();
    expect([...unacknowledged(stack), ...unacknowledged(waf)]).toEqual([]);
  });

  it('still reports a real finding: acknowledgements are narrow, not a blanket', () => {
    const { stack } = synthesize();
    // A bucket without access logs or TLS enforcement, added after the fact.
    new Bucket(stack, 'Unlogged');
    const findings = unacknowledged(stack);
    expect(findings).toContain('error AwsSolutions-S1 Quizbank-dev/Unlogged/Resource');
    expect(findings).toContain('error AwsSolutions-S10 Quizbank-dev/Unlogged/Resource');
  });
});

describe('least privilege and logs', () => {
  const { template } = synthesize();

  it('gives application functions their own role without AWSLambdaBasicExecutionRole, writing to their own log group', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) =>
      (f.Properties.Tags as { Key: string }[] | undefined)?.some((t) => t.Key === FUNCTION_TAG),
    );
    expect(functions.length).toBeGreaterThan(10);
    const roles = template.findResources('AWS::IAM::Role');
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    for (const fn of functions) {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      expect(roles[roleId]!.Properties.ManagedPolicyArns ?? []).toEqual([]);
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
      const statements = policies
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
      const logStatements = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('logs:')));
      expect(logStatements).toHaveLength(1);
      expect([logStatements[0]!.Action].flat().sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(logStatements[0]!.Resource).toEqual({ 'Fn::GetAtt': [logGroupId, 'Arn'] });
    }
  });

  it('logs S3 and CloudFront access to one log bucket whose objects expire', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    const [logBucketId] = Object.entries(buckets).find(([, b]) =>
      JSON.stringify(b.Properties.LifecycleConfiguration ?? {}).includes('expire-logs'),
    )!;
    expect(buckets[logBucketId]!.Properties.LifecycleConfiguration.Rules[0]).toMatchObject({
      Status: 'Enabled',
      ExpirationInDays: 90,
    });
    const logged = Object.entries(buckets).filter(([id]) => id !== logBucketId);
    expect(logged.length).toBe(2);
    for (const [id, bucket] of logged) {
      expect(bucket.Properties.LoggingConfiguration, id).toEqual({
        DestinationBucketName: { Ref: logBucketId },
        LogFilePrefix: expect.stringMatching(/^s3\//),
      });
    }
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: {
          Bucket: { 'Fn::GetAtt': [logBucketId, 'RegionalDomainName'] },
          Prefix: ACCESS_LOG_PREFIXES.cloudFront,
        },
      }),
    });
  });
});

describe('the execute-api endpoint does not bypass CloudFront', () => {
  const { template } = synthesize();
  // The origin secret (the daily mail's link key is another secret, tested in tests/infra/daily-mail.test.ts).
  const secrets = Object.entries(template.findResources('AWS::SecretsManager::Secret'))
    .filter(([, r]) => /CloudFront/.test(String(r.Properties.Description)))
    .map(([id]) => id);
  const secretRef = (value: unknown) =>
    JSON.stringify(value).includes(`{{resolve:secretsmanager:`) && JSON.stringify(value).includes(`"${secrets[0]}"`);

  it('generates the origin secret in the stack; the template holds only a reference', () => {
    expect(secrets).toHaveLength(1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
  });

  it('has CloudFront add the secret header on the API origin', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origins = distribution.Properties.DistributionConfig.Origins as {
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    const apiOrigin = origins.find((o) => o.CustomOriginConfig)!;
    const header = apiOrigin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(header).toBeDefined();
    expect(secretRef(header!.HeaderValue)).toBe(true);
    // The site bucket origin does not get it.
    expect(
      origins.filter((o) => o.OriginCustomHeaders?.some((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)),
    ).toHaveLength(1);
  });

  it('lets every application function read it at run time, never from its environment (D345)', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) =>
      (f.Properties.Tags as { Key: string }[] | undefined)?.some((t) => t.Key === FUNCTION_TAG),
    );
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) {
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(env[ORIGIN_VERIFY_ENV]).toBeUndefined();
      expect(env[secretArnEnv('originVerify')]).toEqual({ Ref: secrets[0] });
      // The AWS Parameters and Secrets extension serves it (a layer).
      expect(JSON.stringify(fn.Properties.Layers)).toMatch(/paramsandsecrets/i);
    }
  });
});

describe('no secret in any function’s environment (D345)', () => {
  const { template } = synthesize();
  const secretIds = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
  const functions = Object.entries(template.findResources('AWS::Lambda::Function'));

  it('holds no secret value, dynamic reference or secret-derived value in any environment, only ARNs', () => {
    expect(secretIds.length).toBeGreaterThanOrEqual(2);
    for (const [id, fn] of functions) {
      for (const [name, value] of Object.entries(
        (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
      )) {
        const text = JSON.stringify(value);
        expect(text, `${id} ${name}`).not.toContain('resolve:secretsmanager');
        expect(text, `${id} ${name}`).not.toContain('SecretString');
        // A secret may be named only by its ARN (`Ref` of a secret is its ARN), under a `…_ARN` name.
        if (secretIds.some((secret) => text.includes(`"${secret}"`))) {
          expect(name, id).toMatch(/_ARN$/);
          expect(value, `${id} ${name}`).toEqual({ Ref: expect.any(String) });
        }
      }
    }
  });

  it('grants each function reading a secret GetSecretValue on exactly that secret', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const reads = policies.flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]).filter((s) =>
        JSON.stringify(s.Action).includes('secretsmanager:GetSecretValue'),
      ),
    );
    expect(reads.length).toBeGreaterThan(20);
    for (const statement of reads) {
      const resources = [statement.Resource].flat();
      for (const resource of resources) expect(secretIds).toContain((resource as { Ref: string }).Ref);
    }
  });
});

describe('WAF in every deployed stage (D341)', () => {
  it('is absent only from a stage without a region, which the pipeline never deploys', () => {
    const { template } = synthesize();
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    for (const stage of PIPELINE_STAGES) {
      const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
      const settings = readSettings((key) => (key === 'stage' ? stage : app.node.tryGetContext(key)));
      expect(() => addStageStacks(app, settings, { siteAssetPath: fakeSite() })).toThrow(/region/);
    }
  });

  it('synthesises without an account (no credentials): both stacks are bound to a region only', () => {
    const saved = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
    delete process.env.CDK_DEFAULT_ACCOUNT;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      for (const stage of PIPELINE_STAGES) {
        const { app, waf, stack } = synthesizeWithWaf(stage);
        expect(waf.region).toBe('us-east-1');
        expect(stack.region).toBe('ap-northeast-2');
        // CloudFormation's own account pseudo-parameter: nothing was looked up.
        expect(stack.resolve(stack.account)).toEqual({ Ref: 'AWS::AccountId' });
        const assembly = app.synth();
        expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual([`Quizbank-${stage}`, `Quizbank-${stage}-waf`]);
      }
    } finally {
      if (saved.account) process.env.CDK_DEFAULT_ACCOUNT = saved.account;
      if (saved.region) process.env.CDK_DEFAULT_REGION = saved.region;
    }
  });

  it('puts a us-east-1 web ACL with a per-address rate rule on the sign-in routes in front of CloudFront', () => {
    const { waf, stack } = synthesizeWithWaf();
    expect(waf.region).toBe('us-east-1');
    const acl = Template.fromStack(waf);
    acl.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: SIGN_IN_RATE_LIMIT,
              AggregateKeyType: 'IP',
              ScopeDownStatement: {
                OrStatement: {
                  Statements: SIGN_IN_PATHS.map((path) => ({
                    ByteMatchStatement: Match.objectLike({
                      SearchString: path.replace(/\/$/, ''),
                      PositionalConstraint: 'STARTS_WITH',
                    }),
                  })),
                },
              },
            }),
          },
        }),
      ],
    });
    const main = Template.fromStack(stack);
    const distribution = Object.values(main.findResources('AWS::CloudFront::Distribution'))[0]!;
    // The ARN is the us-east-1 stack's output, read by CloudFormation at deploy time (no account at synth).
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ StackName: 'Quizbank-prod-waf', Region: 'us-east-1' }),
    });
  });
});
