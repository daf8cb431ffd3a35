import {
  Annotations,
  type CfnResource,
  Duration,
  RemovalPolicy,
  Stack,
  TimeZone,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke as ScheduleLambdaInvoke, StepFunctionsStartExecution } from 'aws-cdk-lib/aws-scheduler-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import {
  Choice,
  Condition,
  DefinitionBody,
  DistributedMap,
  Errors,
  JitterType,
  JsonPath,
  LogLevel,
  Map as MapState,
  Pass,
  StateMachine,
  StateMachineType,
  Succeed,
  TaskInput,
  type INextable,
  type IChainable,
  type RetryProps,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke, SqsSendMessage } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { DAILY_MAIL_MODEL, dailyMailWallSeconds, sesRateFor } from '../definitions/daily-mail-model.js';
import type { FanOut, ScheduleDefinition } from '../definitions/schedules.js';
import type { AppFunction } from './app-function.js';

export interface SchedulesProps {
  namePrefix: string;
  schedules: ScheduleDefinition[];
  /** Builds the job's Lambda (with its grants). */
  createFunction: (schedule: ScheduleDefinition) => AppFunction;
  /** Builds the worker Lambda of a fan-out job (with the job's grants). */
  createWorker: (schedule: ScheduleDefinition, fanOut: FanOut) => AppFunction;
  retainLogs: boolean;
  /** The SES account's send rate: the daily mail's modelled wall time at 1 M recipients must fit its timeout. */
  sesSendRate: number;
}

/**
 * One EventBridge Scheduler schedule per definition, daily at its UTC time. A plain job's target is
 * its Lambda; a fan-out job's target is a Step Functions state machine: the job's Lambda plans
 * (`{mode: 'plan'}` → `{tasks}`, again while it answers `more`), a Map runs the worker Lambda per
 * task, each task looping on the worker's answer until `done` (a cursor carries it over the
 * 15-minute limit), a failing task retried with backoff, then sent to the dead-letter queue
 * (docs/decisions/jobs.md D333). What the scheduler could not start, and what a plain job's
 * asynchronous invocation could not finish after Lambda's retries, ends in the same queue.
 */
export class Schedules extends Construct {
  readonly functions = new Map<string, AppFunction>();
  readonly workers = new Map<string, AppFunction>();
  readonly stateMachines = new Map<string, StateMachine>();
  readonly schedules = new Map<string, Schedule>();
  /** Every job's dead letters: failed tasks, failed scheduler starts, failed plain-job invocations (an alarm watches it). */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      queueName: `${props.namePrefix}-job-dead-letters`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue of the scheduled jobs; nothing consumes it but an operator.',
    });
    for (const def of props.schedules) {
      const appFunction = props.createFunction(def);
      this.functions.set(def.name, appFunction);
      const target = def.fanOut
        ? new StepFunctionsStartExecution(this.fanOut(def, def.fanOut, appFunction, props), {
            input: ScheduleTargetInput.fromObject({ job: def.name }),
            maxEventAge: Duration.hours(1),
            // A second execution would only find every claim taken, but a failed start is worth one more try.
            retryAttempts: 2,
            deadLetterQueue: this.deadLetters,
          })
        : new ScheduleLambdaInvoke(appFunction.alias, {
            // A run that cannot start within the hour is skipped; the next day's run catches up.
            maxEventAge: Duration.hours(1),
            retryAttempts: 2,
            deadLetterQueue: this.deadLetters,
          });
      if (!def.fanOut)
        // The scheduler invokes asynchronously: a plain job (idempotent, resumable) that fails is
        // tried twice more by Lambda, then its event goes to the dead-letter queue.
        appFunction.alias.configureAsyncInvoke({
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
          onFailure: new SqsDestination(this.deadLetters),
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

  private fanOut(def: ScheduleDefinition, fanOut: FanOut, planner: AppFunction, props: SchedulesProps): StateMachine {
    const worker = props.createWorker(def, fanOut);
    this.workers.set(def.name, worker);
    const retry: RetryProps = {
      errors: [Errors.ALL],
      interval: Duration.seconds(fanOut.retry.intervalSeconds),
      backoffRate: fanOut.retry.backoffRate,
      maxAttempts: fanOut.retry.retries,
      jitterStrategy: JitterType.FULL,
    };
    const plan = new LambdaInvoke(this, `${def.name}-plan`, {
      lambdaFunction: planner.alias,
      payload: TaskInput.fromObject(
        fanOut.pagedPlan ? { mode: 'plan', state: JsonPath.objectAt('$.state') } : { mode: 'plan' },
      ),
      payloadResponseOnly: true,
    });
    plan.addRetry(retry);
    const tasks = this.taskMap(def, fanOut);
    tasks.itemProcessor(this.workTask(def, worker, retry));
    const start = this.planThenTasks(def, fanOut, { plan, tasks, planner, retry });
    const logGroup = new LogGroup(this, `${def.name}-logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const machine = new StateMachine(this, `${def.name}-state-machine`, {
      stateMachineName: `${props.namePrefix}-${def.name}`,
      definitionBody: DefinitionBody.fromChainable(start),
      timeout: Duration.hours(fanOut.timeoutHours),
      tracingEnabled: true,
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    this.stateMachines.set(def.name, machine);
    if (def.name === 'daily-quiz-email') this.checkMailWallTime(machine, fanOut, props.sesSendRate);
    acknowledgeMachineGrants(def, fanOut, machine, [planner, worker]);
    return machine;
  }

  /**
   * One task of the map: the worker, retried, run again while it says it is not done. A task still
   * failing after its retries goes to the dead-letter queue (with its input: the shard, cursor or
   * learners to run again) without stopping the other tasks.
   */
  private workTask(def: ScheduleDefinition, worker: AppFunction, retry: RetryProps): LambdaInvoke {
    const work = new LambdaInvoke(this, `${def.name}-work`, {
      lambdaFunction: worker.alias,
      payloadResponseOnly: true,
    });
    work.addRetry(retry);
    const deadLetter = new SqsSendMessage(this, `${def.name}-dead-letter`, {
      queue: this.deadLetters,
      messageBody: TaskInput.fromObject({ job: def.name, task: JsonPath.entirePayload }),
      resultPath: JsonPath.DISCARD,
    });
    work.addCatch(deadLetter.next(new Pass(this, `${def.name}-task-failed`)), { resultPath: '$.error' });
    const next = new Choice(this, `${def.name}-more`)
      .when(Condition.booleanEquals('$.done', false), work)
      .otherwise(new Succeed(this, `${def.name}-task-done`));
    work.next(next);
    return work;
  }

  /**
   * The plan, then its tasks: a paged plan (the fit job) plans again while there are more pages; a
   * job with a finish (the daily mail) reports what it expected and what the tasks did.
   */
  private planThenTasks(
    def: ScheduleDefinition,
    fanOut: FanOut,
    {
      plan,
      tasks,
      planner,
      retry,
    }: { plan: LambdaInvoke; tasks: MapState | DistributedMap; planner: AppFunction; retry: RetryProps },
  ): IChainable & INextable {
    if (fanOut.pagedPlan) {
      const start = new Pass(this, `${def.name}-start`, { parameters: { state: {} } });
      start.next(plan);
      plan
        .next(tasks)
        .next(
          new Choice(this, `${def.name}-next-page`)
            .when(Condition.booleanEquals('$.more', true), plan)
            .otherwise(new Succeed(this, `${def.name}-done`)),
        );
      return start;
    }
    plan.next(tasks);
    if (fanOut.finish) {
      const finish = new LambdaInvoke(this, `${def.name}-finish`, {
        lambdaFunction: planner.alias,
        payload: TaskInput.fromObject({
          mode: 'finish',
          expected: JsonPath.numberAt('$.expected'),
          reports: JsonPath.listAt('$.reports'),
        }),
        payloadResponseOnly: true,
      });
      finish.addRetry(retry);
      tasks.next(finish);
    }
    return plan;
  }

  /**
   * An inline Map for a plan of a few tasks; a distributed Map (each task a child execution with
   * its own history) for the fit job's pages of a hundred tasks, which would outgrow one
   * execution's 25,000-event history at a million learners.
   */
  private taskMap(def: ScheduleDefinition, fanOut: FanOut): MapState | DistributedMap {
    const common = {
      itemsPath: '$.tasks',
      maxConcurrency: fanOut.parallel,
      resultPath: fanOut.finish ? '$.reports' : JsonPath.DISCARD,
    };
    if (!fanOut.pagedPlan) return new MapState(this, `${def.name}-tasks`, common);
    return new DistributedMap(this, `${def.name}-tasks`, {
      ...common,
      // Standard children: a task with its retries (up to 7 minutes of backoff) outlives Express's 5 minutes.
      mapExecutionType: StateMachineType.STANDARD,
    });
  }

  /** Synth warns when the daily mail's modelled wall time at 1 M recipients outruns the machine's timeout. */
  private checkMailWallTime(machine: StateMachine, fanOut: FanOut, sesSendRate: number): void {
    const timeout = fanOut.timeoutHours * 3600;
    const wall = dailyMailWallSeconds(DAILY_MAIL_MODEL.users, sesSendRate);
    if (wall <= timeout) return;
    Annotations.of(machine).addWarningV2(
      'quizbank:daily-mail-wall-time',
      `At ${sesSendRate} mails/s the daily mail to ${DAILY_MAIL_MODEL.users.toLocaleString('en')} recipients takes ` +
        `${(wall / 3600).toFixed(1)} h, past the state machine's ${fanOut.timeoutHours} h: request an SES rate of at least ` +
        `${sesRateFor(DAILY_MAIL_MODEL.users, timeout)}/s (200/s recommended, docs/deploy.md) before opting that many in.`,
    );
  }
}

function logicalIdOf(fn: AppFunction): string {
  return Stack.of(fn).resolve((fn.fn.node.defaultChild as CfnFunction).logicalId) as string;
}

/** What cdk-nag flags in CDK's own grants to a fan-out machine, each with why it is bounded. */
function acknowledgeMachineGrants(
  def: ScheduleDefinition,
  fanOut: FanOut,
  machine: StateMachine,
  functions: AppFunction[],
): void {
  const stack = Stack.of(machine);
  for (const fn of functions) {
    Validations.of(stack).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(fn)}.Arn>:*]`,
      reason: `The ${def.name} state machine may invoke its own job and worker functions and their versions only (CDK's LambdaInvoke task grant).`,
    });
  }
  if (fanOut.pagedPlan) {
    // A distributed Map starts and reads its child executions: CDK grants them by the machine's name.
    const name = `{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${stack.resolve((machine.node.defaultChild as CfnResource).logicalId)}"}]}]}`;
    // cdk-nag names the ARN with pseudo parameters, or with the account and region when the stack has them.
    const named = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const arn = `arn:${named(stack.partition, 'Partition')}:states:${named(stack.region, 'Region')}:${named(stack.account, 'AccountId')}`;
    for (const resource of [`${name}:*`, `${name}/*:*`])
      Validations.of(machine).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${arn}:execution:${resource}]`,
        reason: `The ${def.name} distributed Map reads and stops its own child executions only (CDK's DistributedMap grant).`,
      });
  }
  Validations.of(machine).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'X-Ray tracing and CloudWatch Logs delivery of a state machine take no resource-level permissions (CDK grants them on *).',
  });
}
