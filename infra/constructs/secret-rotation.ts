import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { secretArnEnv } from '#shared/domain/secret-names.js';
import { LAMBDA_HANDLER } from '../bundling.js';
import { FUNCTION_LOG_RETENTION, LAMBDA_RUNTIME, lambdaAsset } from './app-function.js';

/**
 * How often each secret is rotated (D476). The mail-link key no more often than a link lives (60
 * days, D413) plus the functions' cache: one previous key is honoured, so two changes within a
 * link's life would void it.
 */
export const ROTATION_DAYS = { originVerify: 30, mailLink: 90 } as const;

export interface SecretRotationProps {
  namePrefix: string;
  retainLogs: boolean;
  originSecret: ISecret;
  mailLinkSecret: ISecret;
  distribution: IDistribution;
}

/**
 * The rotation function of the stack's two secrets and their schedules (D475). Not an AppFunction:
 * it serves no request and reads no table, so it has no alias, canary, extension layer or table
 * grant; its role holds only what the four rotation steps call.
 */
export class SecretRotation extends Construct {
  readonly fn: LambdaFunction;

  constructor(scope: Construct, id: string, props: SecretRotationProps) {
    super(scope, id);
    const entry = 'functions/jobs/secret-rotation.ts';
    const logGroup = new LogGroup(this, 'Logs', {
      retention: FUNCTION_LOG_RETENTION,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'rotation of the origin secret and the mail-link key',
    });
    logGroup.grantWrite(role);
    this.fn = new LambdaFunction(this, 'Function', {
      role,
      functionName: `${props.namePrefix}-secret-rotation`,
      description: `secret rotation (${entry})`,
      code: lambdaAsset(entry),
      handler: LAMBDA_HANDLER,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      // finishSecret of the origin secret waits SECRET_VISIBLE_MS (11 minutes) before moving CloudFront.
      timeout: Duration.minutes(15),
      logGroup,
      tracing: Tracing.ACTIVE,
      environment: {
        [secretArnEnv('originVerify')]: props.originSecret.secretArn,
        [secretArnEnv('mailLink')]: props.mailLinkSecret.secretArn,
        DISTRIBUTION_ID: props.distribution.distributionId,
      },
    });
    // The distribution's config: read its origin header and status, write the header.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistribution', 'cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [
          Stack.of(this).formatArn({
            service: 'cloudfront',
            region: '',
            resource: 'distribution',
            resourceName: props.distribution.distributionId,
          }),
        ],
      }),
    );
    // CDK's schedule grants Describe/Get/Put/UpdateSecretVersionStage on the secret itself,
    // GetRandomPassword (no resource) and Secrets Manager's invoke permission.
    for (const [secret, days, id] of [
      [props.originSecret, ROTATION_DAYS.originVerify, 'OriginRotation'],
      [props.mailLinkSecret, ROTATION_DAYS.mailLink, 'MailLinkRotation'],
    ] as const)
      secret.addRotationSchedule(id, {
        rotationLambda: this.fn,
        automaticallyAfter: Duration.days(days),
        // A deploy does not rotate; the first rotation comes a period after the schedule is made.
        rotateImmediatelyOnUpdate: false,
      });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray trace segments and secretsmanager:GetRandomPassword accept no resource narrower than *; every other action names its secret or the distribution.',
    });
  }
}
