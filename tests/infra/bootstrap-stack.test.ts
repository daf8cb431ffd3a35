import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import {
  BootstrapStack,
  DEPLOY_STAGES,
  GITHUB_OIDC_HOST,
  bootstrapStages,
  deployRoleName,
} from '../../infra/bootstrap-stack.js';
import { PIPELINE_STAGES } from '../../infra/settings.js';

/** The pipeline's one-time set-up (D143): the GitHub OIDC provider and a deploy role per stage. */
type Resource = { Type: string; Properties: Record<string, any> };

function synthesize(props: { existingProviderArn?: string; stages?: string[] } = {}) {
  const app = new App();
  const stack = new BootstrapStack(app, 'Quizbank-bootstrap', { repository: 'quizbank-org/quizbank', ...props });
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  return { stack, resources, ofType: (type: string) => Object.values(resources).filter((r) => r.Type === type) };
}

function unacknowledged(stack: Stack): string[] {
  const report = new AwsSolutionsChecks(stack).validateScope(stack);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} ${r.constructPath ?? r.resourceLogicalId}`),
  );
}

describe('bootstrap stack', () => {
  it('makes the GitHub OIDC provider for sts.amazonaws.com, or uses the account’s existing one', () => {
    const { ofType } = synthesize();
    const providers = ofType('Custom::AWSCDKOpenIdConnectProvider');
    expect(providers).toHaveLength(1);
    expect(providers[0]!.Properties).toMatchObject({
      Url: `https://${GITHUB_OIDC_HOST}`,
      ClientIDList: ['sts.amazonaws.com'],
    });
    const existing = synthesize({ existingProviderArn: 'arn:aws:iam::123456789012:oidc-provider/' + GITHUB_OIDC_HOST });
    expect(existing.ofType('Custom::AWSCDKOpenIdConnectProvider')).toHaveLength(0);
  });

  it('trusts each stage role to this repository’s jobs in that stage’s GitHub environment only', () => {
    const { ofType } = synthesize();
    const roles = ofType('AWS::IAM::Role').filter((r) => /-deploy$/.test(String(r.Properties.RoleName)));
    expect(roles.map((r) => r.Properties.RoleName).sort()).toEqual(
      DEPLOY_STAGES.map((s) => deployRoleName(s.stage)).sort(),
    );
    for (const { stage, environment } of DEPLOY_STAGES) {
      const role = roles.find((r) => r.Properties.RoleName === deployRoleName(stage))!;
      expect(role.Properties.MaxSessionDuration).toBe(3600);
      const [statement, ...others] = role.Properties.AssumeRolePolicyDocument.Statement;
      expect(others).toEqual([]);
      expect(statement.Action).toBe('sts:AssumeRoleWithWebIdentity');
      expect(statement.Condition).toEqual({
        StringEquals: {
          [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com',
          [`${GITHUB_OIDC_HOST}:sub`]: `repo:quizbank-org/quizbank:environment:${environment}`,
        },
      });
    }
  });

  it('lets a deploy role only assume the CDK bootstrap roles and read its own stage’s stacks', () => {
    const { ofType } = synthesize();
    const policies = ofType('AWS::IAM::Policy');
    expect(policies).toHaveLength(DEPLOY_STAGES.length);
    for (const policy of policies) {
      const statements = policy.Properties.PolicyDocument.Statement as { Action: string; Resource: unknown }[];
      expect(statements.map((s) => s.Action).sort()).toEqual(['cloudformation:DescribeStacks', 'sts:AssumeRole']);
      const assume = JSON.stringify(statements.find((s) => s.Action === 'sts:AssumeRole')!.Resource);
      expect(assume).toContain(':role/cdk-hnb659fds-*-');
      const stage = DEPLOY_STAGES.find((s) =>
        JSON.stringify(policy.Properties.Roles).includes(`${s.stage}DeployRole`),
      )!;
      const stacks = JSON.stringify(statements.find((s) => s.Action === 'cloudformation:DescribeStacks')!.Resource);
      expect(stacks).toContain(`stack/Quizbank-${stage.stage}/*`);
      for (const other of DEPLOY_STAGES.filter((s) => s !== stage))
        expect(stacks).not.toContain(`stack/Quizbank-${other.stage}/`);
    }
  });

  it('holds only its own stage’s role in an account per stage (-c bootstrapStages=…, D342)', () => {
    for (const { stage } of DEPLOY_STAGES) {
      const { ofType } = synthesize({ stages: bootstrapStages(stage) });
      const roles = ofType('AWS::IAM::Role').filter((r) => /-deploy$/.test(String(r.Properties.RoleName)));
      expect(roles.map((r) => r.Properties.RoleName)).toEqual([deployRoleName(stage)]);
      const statements = ofType('AWS::IAM::Policy').flatMap((p) => p.Properties.PolicyDocument.Statement);
      const stacks = JSON.stringify(statements.filter((s: { Action: string }) => s.Action !== 'sts:AssumeRole'));
      for (const other of DEPLOY_STAGES.filter((s) => s.stage !== stage))
        expect(stacks).not.toContain(`stack/Quizbank-${other.stage}`);
      // Each account has its own OIDC provider (or names its existing one).
      expect(ofType('Custom::AWSCDKOpenIdConnectProvider')).toHaveLength(1);
    }
    expect(bootstrapStages(undefined)).toBeUndefined();
    expect(bootstrapStages('staging, prod')).toEqual(['staging', 'prod']);
    expect(() => bootstrapStages('production')).toThrow(/bootstrapStages/);
    expect(() => synthesize({ stages: [] })).toThrow(/at least one stage/);
  });

  it('names the same stages the settings give a WAF (the pipeline’s stages)', () => {
    expect(DEPLOY_STAGES.map((s) => s.stage).sort()).toEqual([...PIPELINE_STAGES].sort());
  });

  it('refuses a repository that is not owner/name', () => {
    expect(() => new BootstrapStack(new App(), 'B', { repository: 'just-a-name' })).toThrow(/owner\/name/);
  });

  it('leaves no cdk-nag finding unacknowledged', () => {
    expect(unacknowledged(synthesize().stack)).toEqual([]);
  });
});
