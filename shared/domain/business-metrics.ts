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
