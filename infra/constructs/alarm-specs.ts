import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';

/**
 * How one alarm decides. Every value has its reason in docs/decisions/operations.md (D112); the
 * infra tests read this table, so the page, the stack and the tests say the same.
 */
export interface AlarmSpec {
  threshold: number;
  comparison: ComparisonOperator;
  period: Duration;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  treatMissingData: TreatMissingData;
}

const AT_LEAST = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;
const ABOVE = ComparisonOperator.GREATER_THAN_THRESHOLD;
const QUIET_IS_OK = TreatMissingData.NOT_BREACHING;

/** Below this many attempted daily mails in an hour the share sent counts as 100 % (a few failures among a few are no trend). */
export const DAILY_MAIL_MIN_ATTEMPTS = 20;

/** Below this many requests in a period the 5xx rate counts as 0 (a single failure among a few is no trend). */
export const API_5XX_MIN_REQUESTS = 20;

export const ALARM_SPECS = {
  /** Per cent of API requests answered 5xx (API_5XX_MIN_REQUESTS or more requests in the period). */
  api5xxRate: {
    threshold: 2,
    comparison: ABOVE,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: QUIET_IS_OK,
  },
  /** p99 of API Gateway's `Latency` in milliseconds. */
  apiLatencyP99: {
    threshold: 5000,
    comparison: ABOVE,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 3,
    treatMissingData: QUIET_IS_OK,
  },
  /** Lambda `Errors` of a route group: timeouts, crashes, out of memory (answered errors are not Lambda errors). */
  routeGroupErrors: {
    threshold: 5,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  routeGroupThrottles: {
    threshold: 5,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /** Jobs, the daily mail's worker and the mail feedback handler: rare invocations, each one matters. */
  jobErrors: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  jobThrottles: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /** Sum of `ThrottledRequests` over the operations the app uses. */
  tableThrottles: {
    threshold: 10,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: QUIET_IS_OK,
  },
  /** Sum of `SystemErrors` (DynamoDB's own 500s) over the operations the app uses. */
  tableSystemErrors: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    treatMissingData: QUIET_IS_OK,
  },
  /** Step Functions `ExecutionsFailed` / `ExecutionsTimedOut` of the daily mail's state machine. */
  dailyMailFailed: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  dailyMailTimedOut: {
    threshold: 1,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /**
   * Per cent of the daily mail's attempted sends (sent + failed, from the worker's business
   * metrics, D140) that went out in an hour, when DAILY_MAIL_MIN_ATTEMPTS or more were attempted.
   */
  dailyMailShortfall: {
    threshold: 95,
    comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
  /** SES account reputation (a fraction: 0.02 = 2 %); AWS reviews the account at 5 % and 0.1 %. */
  sesBounceRate: {
    threshold: 0.02,
    comparison: ABOVE,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.IGNORE,
  },
  sesComplaintRate: {
    threshold: 0.0005,
    comparison: ABOVE,
    period: Duration.hours(1),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: TreatMissingData.IGNORE,
  },
  /** Requests refused for a missing or wrong origin secret (log metric filter), summed over the route groups. */
  originRefusals: {
    threshold: 20,
    comparison: AT_LEAST,
    period: Duration.minutes(5),
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: QUIET_IS_OK,
  },
} satisfies Record<string, AlarmSpec>;

export type AlarmKind = keyof typeof ALARM_SPECS;
