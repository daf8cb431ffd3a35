import { Validations } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import {
  LambdaApplication,
  LambdaDeploymentConfig,
  LambdaDeploymentGroup,
  type ILambdaDeploymentConfig,
} from 'aws-cdk-lib/aws-codedeploy';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';

export interface GradualDeployProps {
  namePrefix: string;
  /** Every application function with the Errors alarm that rolls its deployment back. */
  functions: ReadonlyMap<AppFunction, Alarm>;
  /** More rollback alarms per function: a route group's 5xx and p90 latency (release-alarms.ts, D341). */
  extraAlarms?: ReadonlyMap<AppFunction, Alarm[]>;
}

/** 10 % of invocations on the new version for 5 minutes, then all (D141). */
export const CANARY: ILambdaDeploymentConfig = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/**
 * CodeDeploy moves each function's `live` alias to the version a deploy published: 10 % of the
 * traffic for 5 minutes, then the rest, and back to the earlier version when one of that function's
 * alarms fires during the deployment — Errors, and for a route group its 5xx answers and p90
 * latency — or the deployment fails or is stopped.
 */
export class GradualDeploy extends Construct {
  readonly application: LambdaApplication;
  readonly groups = new Map<AppFunction, LambdaDeploymentGroup>();

  constructor(scope: Construct, id: string, props: GradualDeployProps) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'Application', { applicationName: props.namePrefix });
    for (const [f, errorAlarm] of props.functions) {
      const group = new LambdaDeploymentGroup(this, `${f.name}Deployment`, {
        application: this.application,
        deploymentGroupName: `${props.namePrefix}-${f.name}`,
        alias: f.alias,
        deploymentConfig: CANARY,
        alarms: [errorAlarm, ...(props.extraAlarms?.get(f) ?? [])],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      this.groups.set(f, group);
      Validations.of(group).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason:
          "CodeDeploy's own minimal Lambda role: it may only read and update aliases and invoke hooks of functions, the least a canary needs.",
      });
    }
  }
}
