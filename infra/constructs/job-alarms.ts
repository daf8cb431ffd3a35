import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRIC } from '#shared/domain/business-metrics.js';
import { businessMetric } from './operational-metrics.js';

/**
 * How each job alarm decides (docs/decisions/jobs.md D338; what to do: docs/deploy.md). The infra
 * tests read this table, so the page, the stack and the tests say the same.
 */
export const JOB_ALARM_SPECS = {
  /** Messages waiting in the jobs' dead-letter queue (a task past its retries, a start or run that failed). */
  deadLetters: {
    threshold: 1,
    comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  },
  /**
   * A daily job's `JobRunStarted` summed per hour, below 1 in each of the last 25 hours: the run did
   * not start. Missing data breaches (no run publishes nothing); 25 hours leave an hour's slack.
   */
  runDidNotStart: {
    threshold: 1,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    period: Duration.hours(1),
    evaluationPeriods: 25,
    datapointsToAlarm: 25,
    treatMissingData: TreatMissingData.BREACHING,
  },
  /**
   * The daily mail's reached recipients as a per cent of the expected ones (both published by the
   * finish step, in the same hour): below 99 %. No run, no datapoint: the other alarms say so.
   */
  dailyMailReached: {
    threshold: 99,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  },
  /** A fan-out job's execution failed or timed out (the daily mail's have their own, in Observability). */
  executionFailed: {
    threshold: 1,
    comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  },
} as const;

export type JobAlarmKind = keyof typeof JOB_ALARM_SPECS;

export interface JobAlarmsProps {
  namePrefix: string;
  stage: string;
  topic: ITopic;
  deadLetters: IQueue;
  /** Every scheduled job by name (each publishes `JobRunStarted` as its own group). */
  jobs: string[];
  /** The fan-out jobs' state machines by job name. */
  stateMachines: ReadonlyMap<string, StateMachine>;
}

/** The scheduled jobs' alarms, on the stack's alarm topic: dead letters, runs that never started, a short daily mail. */
export class JobAlarms extends Construct {
  readonly alarms: Alarm[] = [];
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: JobAlarmsProps) {
    super(scope, id);
    this.action = new SnsAction(props.topic);
    const { namePrefix, stage } = props;
    this.alarm(
      'JobDeadLetters',
      `${namePrefix}-job-dead-letters`,
      'deadLetters',
      props.deadLetters.metricApproximateNumberOfMessagesVisible({
        statistic: 'Maximum',
        period: JOB_ALARM_SPECS.deadLetters.period,
      }),
      'A scheduled job left work in its dead-letter queue: a task that failed past its retries, a start or a run that failed',
    );
    for (const job of props.jobs) {
      this.alarm(
        `${job}DidNotStart`,
        `${namePrefix}-${job}-did-not-start`,
        'runDidNotStart',
        businessMetric(stage, job, METRIC.jobRunStarted, JOB_ALARM_SPECS.runDidNotStart.period),
        `The ${job} job did not start in the last 25 hours`,
      );
    }
    for (const [job, machine] of props.stateMachines) {
      if (job === 'daily-quiz-email') continue;
      const period = JOB_ALARM_SPECS.executionFailed.period;
      this.alarm(
        `${job}ExecutionFailed`,
        `${namePrefix}-${job}-execution-failed`,
        'executionFailed',
        new MathExpression({
          expression: 'failed + timedOut',
          usingMetrics: {
            failed: machine.metricFailed({ statistic: 'Sum', period }),
            timedOut: machine.metricTimedOut({ statistic: 'Sum', period }),
          },
          period,
          label: `${job}: executions failed or timed out`,
        }),
        `The ${job} state machine's execution failed or timed out`,
      );
    }
    if (props.jobs.includes('daily-quiz-email')) {
      const period = JOB_ALARM_SPECS.dailyMailReached.period;
      this.alarm(
        'DailyMailReached',
        `${namePrefix}-daily-quiz-email-reached`,
        'dailyMailReached',
        new MathExpression({
          expression: 'IF(expected > 0, 100 * reached / expected, 100)',
          usingMetrics: {
            expected: businessMetric(stage, 'daily-quiz-email', METRIC.dailyMailsExpected, period),
            reached: businessMetric(stage, 'daily-quiz-email', METRIC.dailyMailsReached, period),
          },
          period,
          label: 'daily mail: % of expected recipients reached',
        }),
        'The daily mail reached less than 99 % of the recipients the index held when it planned',
      );
    }
  }

  private alarm(id: string, alarmName: string, kind: JobAlarmKind, metric: IMetric, description: string): Alarm {
    const spec = JOB_ALARM_SPECS[kind];
    const alarm = new Alarm(this, id, {
      alarmName,
      alarmDescription: `${description}. What to do: docs/deploy.md (scheduled jobs); reasons: docs/decisions/jobs.md (${kind}).`,
      metric,
      threshold: spec.threshold,
      comparisonOperator: spec.comparison,
      evaluationPeriods: spec.evaluationPeriods,
      datapointsToAlarm: spec.datapointsToAlarm,
      treatMissingData: spec.treatMissingData,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}
