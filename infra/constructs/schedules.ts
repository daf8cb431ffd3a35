import { Duration, RemovalPolicy, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke as ScheduleLambdaInvoke, StepFunctionsStartExecution } from 'aws-cdk-lib/aws-scheduler-targets';
import {
  Choice,
  Condition,
  DefinitionBody,
  JsonPath,
  LogLevel,
  Map as MapState,
  Pass,
  StateMachine,
  Succeed,
  TaskInput,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { ScheduleDefinition } from '../definitions/schedules.js';
import type { AppFunction } from './app-function.js';

export interface SchedulesProps {
  namePrefix: string;
  schedules: ScheduleDefinition[];
  /** Builds the job's Lambda (with its grants). */
  createFunction: (schedule: ScheduleDefinition) => AppFunction;
  /** Builds the worker Lambda of a fan-out job (with the job's grants). */
  createWorker: (schedule: ScheduleDefinition, fanOut: NonNullable<ScheduleDefinition['fanOut']>) => AppFunction;
  retainLogs: boolean;
}

/**
 * One EventBridge Scheduler schedule per definition, daily at its UTC time. A plain job's target is
 * its Lambda; a fan-out job's target is a Step Functions state machine: the job's Lambda plans
 * (`{mode: 'plan'}` → `{tasks}`), a Map runs the worker Lambda per task, each task looping on the
 * worker's answer until `done` (a cursor carries it over the 15-minute limit).
 */
export class Schedules extends Construct {
  readonly functions = new Map<string, AppFunction>();
  readonly workers = new Map<string, AppFunction>();
  readonly stateMachines = new Map<string, StateMachine>();
  readonly schedules = new Map<string, Schedule>();

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const stack = Stack.of(this);
    for (const def of props.schedules) {
      const appFunction = props.createFunction(def);
      this.functions.set(def.name, appFunction);
      const target = def.fanOut
        ? new StepFunctionsStartExecution(this.fanOut(def, def.fanOut, appFunction, props), {
            input: ScheduleTargetInput.fromObject({ job: def.name }),
            maxEventAge: Duration.hours(1),
            // A second execution would only find every claim taken, but a failed start is worth one more try.
            retryAttempts: 2,
          })
        : new ScheduleLambdaInvoke(appFunction.alias, {
            // A run that cannot start within the hour is skipped; the next day's run catches up.
            maxEventAge: Duration.hours(1),
            retryAttempts: 2,
          });
      const schedule = new Schedule(this, def.name, {
        scheduleName: `${props.namePrefix}-${def.name}`,
        description: def.description,
        schedule: ScheduleExpression.cron({
          minute: String(def.utc.minute),
          hour: String(def.utc.hour),
          timeZone: TimeZone.ETC_UTC,
        }),
        target,
      });
      this.schedules.set(def.name, schedule);
      if (!def.fanOut) {
        // The target role CDK creates (one per function, at stack level) may invoke this function and
        // its versions and aliases (`<arn>:*`); nothing else.
        Validations.of(stack).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(appFunction)}.Arn>:*]`,
          reason: `EventBridge Scheduler may invoke the ${def.name} job function and its versions only (CDK's LambdaInvoke target grant).`,
        });
      }
    }
  }

  private fanOut(
    def: ScheduleDefinition,
    fanOut: NonNullable<ScheduleDefinition['fanOut']>,
    planner: AppFunction,
    props: SchedulesProps,
  ): StateMachine {
    const worker = props.createWorker(def, fanOut);
    this.workers.set(def.name, worker);
    const plan = new LambdaInvoke(this, `${def.name}-plan`, {
      lambdaFunction: planner.alias,
      payload: TaskInput.fromObject({ mode: 'plan' }),
      payloadResponseOnly: true,
    });
    const work = new LambdaInvoke(this, `${def.name}-work`, {
      lambdaFunction: worker.alias,
      payloadResponseOnly: true,
    });
    // A task whose worker failed (timeout, crash) ends as failed without stopping the other tasks;
    // its users' claims say what happened (a rerun of the job sends what is still unsent).
    const failed = new Pass(this, `${def.name}-task-failed`);
    work.addCatch(failed, { resultPath: '$.error' });
    const next = new Choice(this, `${def.name}-more`)
      .when(Condition.booleanEquals('$.done', false), work)
      .otherwise(new Succeed(this, `${def.name}-task-done`));
    work.next(next);
    const tasks = new MapState(this, `${def.name}-tasks`, {
      itemsPath: '$.tasks',
      maxConcurrency: fanOut.parallel,
      resultPath: JsonPath.DISCARD,
    });
    tasks.itemProcessor(work);
    const logGroup = new LogGroup(this, `${def.name}-logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const machine = new StateMachine(this, `${def.name}-state-machine`, {
      stateMachineName: `${props.namePrefix}-${def.name}`,
      definitionBody: DefinitionBody.fromChainable(plan.next(tasks)),
      timeout: Duration.hours(12),
      tracingEnabled: true,
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    this.stateMachines.set(def.name, machine);
    const stack = Stack.of(this);
    for (const fn of [planner, worker]) {
      Validations.of(stack).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(fn)}.Arn>:*]`,
        reason: `The ${def.name} state machine may invoke its own job and worker functions and their versions only (CDK's LambdaInvoke task grant).`,
      });
    }
    Validations.of(machine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing and CloudWatch Logs delivery of a state machine take no resource-level permissions (CDK grants them on *).',
    });
    return machine;
  }
}

function logicalIdOf(fn: AppFunction): string {
  return Stack.of(fn).resolve((fn.fn.node.defaultChild as CfnFunction).logicalId) as string;
}
