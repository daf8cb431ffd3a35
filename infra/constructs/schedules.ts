import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { ScheduleDefinition } from '../definitions/schedules.js';
import type { AppFunction } from './app-function.js';

export interface SchedulesProps {
  namePrefix: string;
  schedules: ScheduleDefinition[];
  /** Builds the job's Lambda (with its grants). */
  createFunction: (schedule: ScheduleDefinition) => AppFunction;
}

/** One EventBridge Scheduler schedule per definition, daily at its UTC time, invoking its job Lambda. */
export class Schedules extends Construct {
  readonly functions = new Map<string, AppFunction>();
  readonly schedules = new Map<string, Schedule>();

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const def of props.schedules) {
      const appFunction = props.createFunction(def);
      this.functions.set(def.name, appFunction);
      const schedule = new Schedule(this, def.name, {
        scheduleName: `${props.namePrefix}-${def.name}`,
        description: def.description,
        schedule: ScheduleExpression.cron({
          minute: String(def.utc.minute),
          hour: String(def.utc.hour),
          timeZone: TimeZone.ETC_UTC,
        }),
        target: new LambdaInvoke(appFunction.fn, {
          // A run that cannot start within the hour is skipped; the next day's run catches up.
          maxEventAge: Duration.hours(1),
          retryAttempts: 2,
        }),
      });
      this.schedules.set(def.name, schedule);
      // The target role CDK creates (one per function, at stack level) may invoke this function and
      // its versions and aliases (`<arn>:*`); nothing else.
      const stack = Stack.of(this);
      const functionId = stack.resolve((appFunction.fn.node.defaultChild as CfnFunction).logicalId) as string;
      Validations.of(stack).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${functionId}.Arn>:*]`,
        reason: `EventBridge Scheduler may invoke the ${def.name} job function and its versions only (CDK's LambdaInvoke target grant).`,
      });
    }
  }
}
