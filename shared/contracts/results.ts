import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/** Longest typed answer kept in a result detail; longer answers are refused (400), not cut. */
export const MAX_ANSWER_CHARS = 2_000;
/** Answers one submit may carry: the exam cap (2,000 questions). */
export const MAX_SUBMITTED_ANSWERS = 2_000;
/**
 * How far back a sitting taken offline may be dated (`answered_at`), and how long its submission id is
 * remembered: 30 days, as for offline review grades (D436).
 */
export const OFFLINE_SITTING_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Results per list page (the results screen shows 10, the home 5; exam detail asks for 100). */
export const MAX_RESULTS_PAGE_SIZE = 100;

const examIdParam = () => z.object({ examId: z.string().check(z.minLength(1), z.maxLength(100)) });
const resultIdParam = () => z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const seconds = () => z.coerce.number().check(z.int(), z.gte(0), z.lte(30 * 24 * 3600));

/**
 * docs/product.md#results "answer record on submit". Other fields (a client `is_correct`, say) are accepted and
 * dropped: the server grades.
 */
export const submittedAnswerSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(200)), z.number()]), z.transform(String)),
    answer: z._default(z.string().check(z.maxLength(MAX_ANSWER_CHARS)), ''),
    elapsed_seconds: z._default(seconds(), 0),
    /**
     * The learner's own grade: set when they graded themselves (O / X) or overruled the shown
     * verdict ("I was right" / "I was wrong"). The server records it as the answer's grade, and
     * marks the detail `overruled` when it differs from its own grading.
     */
    learner_verdict: z.optional(z.enum(['correct', 'wrong'])),
  }),
);
export type SubmittedAnswer = z.infer<ReturnType<typeof submittedAnswerSchema>>;

export const resultDetailSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    /** `content`: the question's text as the learner saw it (empty on results from before it was kept). */
    question: z.object({
      id: z.string(),
      csv_id: z.optional(z.string()),
      title: z.optional(z.string()),
      content: z.optional(z.string()),
    }),
    answer: z.string(),
    is_correct: z.boolean(),
    elapsed_seconds: z.number().check(z.int()),
    /** True when `is_correct` is the learner's own grade, against the server's grading of the answer. */
    overruled: z.optional(z.boolean()),
  }),
);
export type ResultDetail = z.infer<ReturnType<typeof resultDetailSchema>>;

export const examResultSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    exam: z.object({
      id: z.string(),
      title: z.string(),
      title_ko: z.string(),
      title_en: z.string(),
      /** The study the exam was taken from (study tasks), null otherwise. */
      study: z.nullable(z.object({ id: z.string(), title: z.string() })),
    }),
    /** Correct answers. */
    score: z.number().check(z.int()),
    /** Questions in the exam when it was submitted. */
    total_score: z.number().check(z.int()),
    correct_count: z.number().check(z.int()),
    /** Answered wrongly (a self-graded fail is a blank answer, so it counts here). */
    wrong_count: z.number().check(z.int()),
    /** Questions answered so far (correct + wrong); below total_score when the exam was ended early. */
    answered_count: z.number().check(z.int()),
    elapsed_seconds: z.number().check(z.int()),
    completed_at: z.string(),
    user: z.object({ id: z.string(), username: z.string() }),
    /**
     * The first page of details (one stored chunk, ≤ 300 KB) where an answer carries details; the
     * rest through `GET /api/exam-result/{id}/details/?cursor=` (D197).
     */
    details: z.optional(z.array(resultDetailSchema())),
    /** Cursor of the next page of details; null when `details` is all of them. */
    details_next: z.optional(z.nullable(z.string())),
  }),
);
export type ExamResult = z.infer<ReturnType<typeof examResultSchema>>;

const submitAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    success: z.literal(true),
    result_id: z.string(),
    /** True when this was a retry of a submit already applied (same submission_id): nothing was counted twice. */
    replayed: z.boolean(),
    result: examResultSchema(),
  }),
);

/**
 * POST /api/submit-exam/ (docs/product.md#results). The server grades every answer with the shared rule and
 * writes the result, its details and the caller's per-question statistics (with FSRS state).
 * `submission_id` (one UUID per submit attempt, reused on retry) makes a retried submit a no-op.
 */
export const submitExam = defineRoute({
  method: 'POST',
  path: '/api/submit-exam/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({
      exam_id: z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]), z.transform(String)),
      answers: z.array(submittedAnswerSchema()).check(z.maxLength(MAX_SUBMITTED_ANSWERS)),
      elapsed_seconds: z._default(seconds(), 0),
      submission_id: z.optional(z.string().check(z.minLength(8), z.maxLength(100))),
      /**
       * When the answers were given, for a sitting taken offline and sent later (D436): the result, the
       * statistics, the review log and the day counts take this time, kept within the last
       * {@link OFFLINE_SITTING_WINDOW_MS} and never in the future. Now when absent.
       */
      answered_at: z.optional(z.iso.datetime({ offset: true })),
      study_id: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
    }),
  }),
  response: () => submitAnswer(),
});

/** POST /api/exam/{examId}/continue/: adds answers to an earlier result of the caller (docs/product.md#results continue mode). */
export const continueExam = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/continue/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.looseObject({
      previous_result_id: z.pipe(
        z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]),
        z.transform(String),
      ),
      answers: z.array(submittedAnswerSchema()).check(z.maxLength(MAX_SUBMITTED_ANSWERS)),
      elapsed_seconds: z._default(seconds(), 0),
      submission_id: z.optional(z.string().check(z.minLength(8), z.maxLength(100))),
      /**
       * When the answers were given, for a sitting taken offline and sent later (D436): the result, the
       * statistics, the review log and the day counts take this time, kept within the last
       * {@link OFFLINE_SITTING_WINDOW_MS} and never in the future. Now when absent.
       */
      answered_at: z.optional(z.iso.datetime({ offset: true })),
    }),
  }),
  response: () => submitAnswer(),
});

export const listExamResults = defineRoute({
  method: 'GET',
  path: '/api/exam-results/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({
      exam_id: z.optional(z.string().check(z.maxLength(100))),
      /** `latest=true` with exam_id: only the newest result, with its details. */
      latest: z.optional(z.enum(['true', 'false'])),
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_RESULTS_PAGE_SIZE)), 10)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
    }),
  }),
  response: () =>
    z.object({
      /** All results of the caller (or of the exam, with exam_id), not only this page. */
      count: z.number().check(z.int()),
      next: z.nullable(z.string()),
      results: z.array(examResultSchema()),
    }),
});

export const examResultSummarySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    exam_id: z.string(),
    exam_title: z.string(),
    result_count: z.number().check(z.int()),
    latest_result_id: z.string(),
    latest_score: z.number().check(z.int()),
    latest_total_score: z.number().check(z.int()),
    latest_correct_count: z.number().check(z.int()),
    /** Questions of the exam the caller has answered correctly at least once. */
    user_correct_questions: z.number().check(z.int()),
    accuracy_percentage: z.number(),
    last_completed_at: z.string(),
  }),
);

export const examResultsSummary = defineRoute({
  method: 'GET',
  path: '/api/exam-results/summary/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_RESULTS_PAGE_SIZE)), 100)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
    }),
  }),
  response: () =>
    z.object({
      count: z.number().check(z.int()),
      next: z.nullable(z.string()),
      results: z.array(examResultSummarySchema()),
    }),
});

/** The caller's own result; site admins may read anyone's. Others get 404. */
export const getExamResult = defineRoute({
  method: 'GET',
  path: '/api/exam-result/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: resultIdParam(),
  }),
  response: () => examResultSchema(),
});

/** `<detail tag>.<chunk>`: the page (stored chunk) of one revision of a result's details. */
export const DETAILS_CURSOR = /^([0-9a-z]{1,20})\.([1-9][0-9]{0,3})$/;

/** Further pages of a result's details (D197): who may read the result may read its details. */
export const getExamResultDetails = defineRoute({
  method: 'GET',
  path: '/api/exam-result/{id}/details/',
  access: 'signed-in',
  schemas: () => ({
    params: resultIdParam(),
    query: z.looseObject({
      cursor: z.string().check(z.regex(DETAILS_CURSOR)),
    }),
  }),
  response: () =>
    z.object({
      details: z.array(resultDetailSchema()),
      /** Null on the last page. */
      next: z.nullable(z.string()),
    }),
});

export const deleteExamResult = defineRoute({
  method: 'DELETE',
  path: '/api/exam-result/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: resultIdParam(),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

export const questionStatisticSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    total_attempts: z.number().check(z.int()),
    correct_attempts: z.number().check(z.int()),
    accuracy_percentage: z.number().check(z.int()),
  }),
);
export type QuestionStatistic = z.infer<ReturnType<typeof questionStatisticSchema>>;

/** The caller's statistics for the exam's questions; admins may ask for a user (`user_id` or `username`). */
export const questionStatistics = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/question-statistics/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    query: z.looseObject({
      user_id: z.optional(z.string().check(z.maxLength(100))),
      username: z.optional(z.string().check(z.maxLength(150))),
    }),
  }),
  response: () => z.array(questionStatisticSchema()),
});

/**
 * POST /api/adjust-question-accuracy/ (docs/product.md#results): the caller's own statistics only. `clear`
 * (the slider's target is above the current accuracy) records a correct attempt, `ambiguous` a
 * wrong one; with `target_percentage` the counts are set so the accuracy meets the target.
 */
export const adjustQuestionAccuracy = defineRoute({
  method: 'POST',
  path: '/api/adjust-question-accuracy/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({
      question_id: z.pipe(
        z.union([z.string().check(z.minLength(1), z.maxLength(200)), z.number()]),
        z.transform(String),
      ),
      exam_id: z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]), z.transform(String)),
      adjustment_type: z.enum(['clear', 'ambiguous']),
      target_percentage: z.optional(z.coerce.number().check(z.gte(0), z.lte(100))),
    }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      message_params: z.record(z.string(), z.union([z.string(), z.number()])),
      statistic: questionStatisticSchema(),
    }),
});

const idValue = () =>
  z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(200)), z.number()]), z.transform(String));
const questionIds = () => z.array(idValue()).check(z.minLength(1), z.maxLength(2_000));

/** DELETE (JSON body) /api/delete-question-results-global/: the caller's own statistics of those questions, in every exam. */
export const deleteQuestionResultsGlobal = defineRoute({
  method: 'DELETE',
  path: '/api/delete-question-results-global/',
  access: 'signed-in',
  bodyKind: 'json',
  schemas: () => ({
    body: z.object({ question_ids: questionIds() }),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string(), deleted_count: z.number().check(z.int()) }),
});

/**
 * DELETE (JSON body) /api/delete-question-results/: the statistics of the exam's questions (all of
 * them, or `question_ids` of the exam) — the caller's own; with `delete_all` every taker's (site
 * admins and study admins of a linking study, else 403 `results_delete_all_forbidden`). Questions
 * outside the exam are never touched. `delete_all` runs within a time budget; `completed: false`
 * means the rest continues in the background (repeating the call is safe: it is idempotent).
 */
export const deleteQuestionResults = defineRoute({
  method: 'DELETE',
  path: '/api/delete-question-results/',
  access: 'signed-in',
  bodyKind: 'json',
  schemas: () => ({
    body: z.object({
      exam_id: idValue(),
      delete_all: z.pipe(
        z.optional(z.union([z.boolean(), z.string(), z.number()])),
        z.transform((v) => v === true || v === 1 || v === 'true' || v === '1'),
      ),
      question_ids: z.optional(questionIds()),
    }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      deleted_count: z.number().check(z.int()),
      users_affected: z.number().check(z.int()),
      completed: z.boolean(),
    }),
});

/**
 * POST /api/bulk-adjust-user-accuracy/ (docs/product.md#results): shifts the accuracy of the exam's questions
 * (`question_ids` of the exam, or all of them when empty) by `adjustment_percentage` points up
 * (`increase`) or down (`decrease`), clamped to 0–100, by adding correct or wrong attempts
 * (counts only grow, as adjust-question-accuracy; an unattempted question counts as 0 %).
 * `target_username`: own statistics when absent or the caller; another user's only for site
 * admins (403 `statistics_forbidden`; unknown user 404 `user_not_found`).
 */
export const bulkAdjustUserAccuracy = defineRoute({
  method: 'POST',
  path: '/api/bulk-adjust-user-accuracy/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      target_username: z.optional(z.nullable(z.string().check(z.maxLength(150)))),
      exam_id: idValue(),
      question_ids: z.optional(z.array(idValue()).check(z.maxLength(2_000))),
      adjustment_percentage: z.coerce.number().check(z.gte(0), z.lte(100)),
      adjustment_type: z.enum(['increase', 'decrease']),
    }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      adjusted_count: z.number().check(z.int()),
      total_questions: z.number().check(z.int()),
    }),
});
