import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  OpenIdConnectPrincipal,
  OpenIdConnectProvider,
  PolicyStatement,
  Role,
  type IOpenIdConnectProvider,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** GitHub Actions' OIDC issuer. */
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';

/**
 * The stages the pipeline deploys (.github/workflows/main.yml): the CDK `stage` context, the
 * GitHub environment whose jobs may assume the stage's role, and the role's name.
 */
export const DEPLOY_STAGES = [
  { stage: 'staging', environment: 'staging' },
  { stage: 'prod', environment: 'production' },
] as const;

export const deployRoleName = (stage: string) => `quizbank-${stage}-deploy`;

export interface BootstrapStackProps extends StackProps {
  /** `owner/name` of the GitHub repository whose workflows may deploy. */
  repository: string;
  /** An account has one provider per issuer: pass its ARN when another stack already made it. */
  existingProviderArn?: string;
  /** CDK's bootstrap qualifier (`cdk bootstrap --qualifier`; default hnb659fds). */
  cdkQualifier?: string;
  /**
   * The stages whose deploy roles this account holds (default: all). With one account per stage
   * (docs/deploy.md, D342) each account's bootstrap stack names its own stage only, so a stage's
   * role cannot reach another stage's account.
   */
  stages?: readonly string[];
}

/** `-c bootstrapStages=staging` (comma-separated) → the DEPLOY_STAGES it names; unknown names are refused. */
export function bootstrapStages(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const names = String(value)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = DEPLOY_STAGES.map((s) => s.stage as string);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`bootstrapStages "${String(value)}" must name stages among ${known.join(', ')}`);
  return names;
}

/**
 * What the pipeline needs in an account before its first run (docs/deploy.md, D143): GitHub's
 * OIDC provider and one deploy role per stage. A role trusts only tokens of this repository's
 * jobs running in that stage's GitHub environment (whose protection rules limit it to main and,
 * for production, to an approval), lives an hour, and may do nothing but assume the CDK
 * bootstrap roles (which deploy) and read the stage's stack outputs (the smoke test's URL).
 */
export class BootstrapStack extends Stack {
  readonly provider: IOpenIdConnectProvider;
  readonly roles = new Map<string, Role>();

  constructor(scope: Construct, id: string, props: BootstrapStackProps) {
    super(scope, id, props);
    if (!/^[\w.-]+\/[\w.-]+$/.test(props.repository))
      throw new Error(`githubRepository "${props.repository}" must be owner/name`);
    const qualifier = props.cdkQualifier ?? 'hnb659fds';
    this.provider = props.existingProviderArn
      ? OpenIdConnectProvider.fromOpenIdConnectProviderArn(this, 'GitHubOidc', props.existingProviderArn)
      : new OpenIdConnectProvider(this, 'GitHubOidc', {
          url: `https://${GITHUB_OIDC_HOST}`,
          clientIds: ['sts.amazonaws.com'],
        });

    const stages = DEPLOY_STAGES.filter((s) => !props.stages || props.stages.includes(s.stage));
    if (stages.length === 0) throw new Error('a bootstrap stack holds the deploy role of at least one stage');
    for (const { stage, environment } of stages) {
      const role = new Role(this, `${stage}DeployRole`, {
        roleName: deployRoleName(stage),
        description: `GitHub Actions of ${props.repository}, environment ${environment}: deploys Quizbank-${stage}`,
        maxSessionDuration: Duration.hours(1),
        assumedBy: new OpenIdConnectPrincipal(this.provider, {
          StringEquals: {
            [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com',
            [`${GITHUB_OIDC_HOST}:sub`]: `repo:${props.repository}:environment:${environment}`,
          },
        }),
      });
      role.addToPolicy(
        new PolicyStatement({
          actions: ['sts:AssumeRole'],
          resources: [`arn:${this.partition}:iam::${this.account}:role/cdk-${qualifier}-*-${this.account}-*`],
        }),
      );
      role.addToPolicy(
        new PolicyStatement({
          actions: ['cloudformation:DescribeStacks'],
          resources: [
            `arn:${this.partition}:cloudformation:*:${this.account}:stack/Quizbank-${stage}/*`,
            `arn:${this.partition}:cloudformation:*:${this.account}:stack/Quizbank-${stage}-waf/*`,
          ],
        }),
      );
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iam::<AWS::AccountId>:role/cdk-${qualifier}-*-<AWS::AccountId>-*]`,
        reason:
          "The CDK bootstrap roles (deploy, file and image publishing, lookup) of this account, in any region the stage uses: CDK's documented way for a pipeline to deploy; they hold the deploy rights, this role only assumes them.",
      });
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cloudformation:*:<AWS::AccountId>:stack/Quizbank-${stage}/*]`,
        reason: "Reads the outputs of this stage's stack (any region, any stack id) for the smoke test's URL.",
      });
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cloudformation:*:<AWS::AccountId>:stack/Quizbank-${stage}-waf/*]`,
        reason: "Reads the outputs of this stage's us-east-1 WAF stack, when the stage has one.",
      });
      this.roles.set(stage, role);
      new CfnOutput(this, `${stage}DeployRoleArn`, {
        value: role.roleArn,
        description: `AWS_DEPLOY_ROLE_ARN of the GitHub environment ${environment}`,
      });
    }
  }
}
