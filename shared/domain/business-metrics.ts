/**
 * The product's business metrics (docs/decisions/operations.md D140): the functions publish them
 * (functions/runtime/metrics.ts), the stack's alarms and dashboard read them. All are counts.
 */
export const METRICS_NAMESPACE = 'Quizbank';
/** The `service` dimension: fixed, because the stack's alarms name it. */
export const METRICS_SERVICE = 'quizbank';

export const METRIC = {
  answersGraded: 'AnswersGraded',
  examsCreated: 'ExamsCreated',
  importedRows: 'ImportedRows',
  importsRefused: 'ImportsRefused',
  reviews: 'Reviews',
  dailyMailsSent: 'DailyMailsSent',
  dailyMailsSkipped: 'DailyMailsSkipped',
  dailyMailsFailed: 'DailyMailsFailed',
  /** Recipients on the index when the daily mail's run planned (docs/decisions/jobs.md D336). */
  dailyMailsExpected: 'DailyMailsExpected',
  /** Recipients the run accounted for: sent, or skipped for a reason (already mailed, opted out, no quiz). */
  dailyMailsReached: 'DailyMailsReached',
  /** A scheduled job's run began (its plan or in-process run): the "run did not start" alarms read it. */
  jobRunStarted: 'JobRunStarted',
  bounces: 'Bounces',
  complaints: 'Complaints',
  coldStart: 'ColdStart',
  /** A scheduled run (or mail shard) that did nothing because its kill switch is off (D361). */
  jobsPaused: 'JobsPaused',
  /**
   * Answers with a 5xx other than 503 (an unhandled error becomes an ordinary 500 answer, which
   * Lambda's Errors never counts): each route group's canary rolls back on it (D341).
   */
  serverErrors: 'ServerErrors',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
