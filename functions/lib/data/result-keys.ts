/**
 * Key builders of per-user learning data (issue 5): results, their details and progress, exam
 * summaries, user counters and submit idempotency claims. docs/architecture.md §2.6 and §2.9 T5
 * list the access patterns they serve. The question statistic key is `examKeys.questionStat`.
 */
import { pad } from './exam-keys.js';

export const RESULT_SK_PREFIX = 'RESULT#';
export const EXAMSUM_SK_PREFIX = 'EXAMSUM#';

export const resultKeys = {
  /** One result, in the taker's partition; listed newest first by `begins_with(sk,'RESULT#')`. */
  result: (userId: string, resultId: string) => ({ pk: `USER#${userId}`, sk: `${RESULT_SK_PREFIX}${resultId}` }),
  /** gsi1: the taker's results of one exam, newest first. */
  resultsOfExam: (userId: string, examId: string, resultId: string) => ({ gsi1pk: `USER#${userId}#EXAM#${examId}`, gsi1sk: resultId }),
  /** gsi2: a result by id alone (one item per partition), for site admins reading another user's result. */
  resultById: (resultId: string) => ({ gsi2pk: `RESULTID#${resultId}`, gsi2sk: 'RESULT' }),
  /**
   * Detail chunks of one write of a result: `RESULTDETAIL#<id>#<tag>#<chunk 3>`. The tag is new
   * for every write (submit, each continue), so chunks written ahead of the transaction that
   * publishes them never overwrite the chunks readers currently use.
   */
  detailPrefix: (resultId: string) => `RESULTDETAIL#${resultId}#`,
  detailTagPrefix: (resultId: string, tag: string) => `RESULTDETAIL#${resultId}#${tag}#`,
  detail: (userId: string, resultId: string, tag: string, chunk: number) => ({
    pk: `USER#${userId}`,
    sk: `RESULTDETAIL#${resultId}#${tag}#${pad(chunk, 3)}`,
  }),
  /** Progress of a submit whose statistics did not fit its first transaction (deleted when done). */
  job: (userId: string, resultId: string) => ({ pk: `USER#${userId}`, sk: `RESULTJOB#${resultId}` }),
  examSummary: (userId: string, examId: string) => ({ pk: `USER#${userId}`, sk: `${EXAMSUM_SK_PREFIX}${examId}` }),
  /** gsi2: who has taken an exam (for a later "delete everybody's results of this exam"). */
  examTakers: (examId: string, userId: string) => ({ gsi2pk: `EXAM#${examId}#TAKERS`, gsi2sk: userId }),
  /** The user's counters (`result_count`, `exam_count`): O(1) totals for lists. */
  counters: (userId: string) => ({ pk: `USER#${userId}`, sk: 'COUNTERS' }),
  /** Sparse gsi1 of a statistic while its FSRS card is in review/relearning: due questions by date. */
  dueQuestion: (userId: string, dueIso: string, questionId: string) => ({ gsi1pk: `USER#${userId}#DUE`, gsi1sk: `${dueIso}#${questionId}` }),
  /** Ephemeral table: one claim per submit attempt (TTL 24 h). */
  idempotency: (userId: string, key: string) => ({ pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' }),
};

export { newResultId } from './ids.js';
