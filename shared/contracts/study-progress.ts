import * as z from 'zod/mini';
import { preprocess } from './preprocess.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { PROGRESS_PERIODS, RANDOM_PRACTICE_MAX_COUNT } from '../domain/study-progress.js';
import { TEXT_FORMATS } from '../domain/rich-text.js';

/**
 * Study progress, study time, the progress dashboard's data and random practice (docs/product.md#study-progress, #random-practice). Everything here is the caller's own data. Decisions D80–D84.
 */

const idText = () => z.string().check(z.minLength(1), z.maxLength(128));
const studyIdParams = () => z.object({ studyId: idText() });

/** `days` 1, 7, 30, 365, or absent / empty / `all` for every day recorded. */
const periodQuery = () =>
  z.object({
    days: preprocess(
      (value) => (value === undefined || value === '' || value === 'all' ? undefined : Number(value)),
      z.optional(
        z.number().check(
          z.refine((n) => (PROGRESS_PERIODS as readonly number[]).includes(n), {
            message: 'days must be 1, 7, 30 or 365',
          }),
        ),
      ),
    ),
  });

/**
 * The schemas of a period report (history, study time): the study in the path, `days` in the
 * query, and both echoed at the head of the answer (`days` null for every day recorded).
 */
const periodInputs = () => ({ params: studyIdParams(), query: periodQuery() });
const periodReport = <Shape extends z.core.$ZodShape>(fields: Shape) =>
  z.extend(z.object({ study_id: z.string(), days: z.nullable(z.number()) }), fields);

/**
 * POST /api/record-study-progress/: the detail and dashboard send one `study_id` with `page_type`
 * and `client_time`; the list page sends `study_ids` (throttled on the client). Members only: a
 * single study of which the caller is not a member is 403, an unknown one 404; in the list form
 * studies the caller is not a member of are skipped.
 */
export const recordStudyProgress = defineRoute({
  method: 'POST',
  path: '/api/record-study-progress/',
  access: 'signed-in',
  schemas: () => ({
    body: z
      .object({
        study_id: z.optional(idText()),
        study_ids: z.optional(z.array(idText()).check(z.maxLength(500))),
        page_type: z.optional(z.string().check(z.maxLength(50))),
        /** The client's clock (kept for the record; days are the server's UTC dates, D80). */
        client_time: z.optional(z.string().check(z.maxLength(64))),
      })
      .check(
        z.refine((body) => !!body.study_id || (body.study_ids?.length ?? 0) > 0, {
          message: 'study_id or study_ids is required',
        }),
      ),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      /** Studies recorded, each with the caller's overall progress now (%). */
      recorded: z.array(
        z.object({ study_id: z.string(), overall_progress: z.number(), attempted_progress: z.number() }),
      ),
      /** List form: ids skipped (not a member, unknown, or beyond the per-call cap). */
      skipped: z.array(z.string()),
    }),
});

export const progressHistoryRowSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    date: z.string(),
    access_count: z.number().check(z.int()),
    /** Highest overall (correct) progress recorded that day, %; null when only study time was recorded. */
    highest_progress: z.nullable(z.number()),
  }),
);
export const progressPointSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    date: z.string(),
    /** The last time progress was recorded that day (ISO), or null. */
    time: z.nullable(z.string()),
    attempted_progress: z.nullable(z.number()),
    correct_progress: z.nullable(z.number()),
  }),
);

/** GET /api/study-progress-history/{studyId}/?days=: the caller's days in the study (docs/product.md#study-progress). */
export const studyProgressHistory = defineRoute({
  method: 'GET',
  path: '/api/study-progress-history/{studyId}/',
  access: 'signed-in',
  schemas: periodInputs,
  response: () =>
    periodReport({
      /** Days with a record, newest first. */
      summary_table: z.array(progressHistoryRowSchema()),
      /** Every day of the period (from the first recorded day when `days` is absent), oldest first; days without a record carry nulls. */
      time_series_data: z.array(progressPointSchema()),
    }),
});

export const taskStudyTimeSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    task_id: z.string(),
    task_name: z.string(),
    has_exam: z.boolean(),
    exam_id: z.nullable(z.string()),
    exam_title: z.nullable(z.string()),
    study_time_seconds: z.number().check(z.int()),
    study_time_minutes: z.number().check(z.int()),
    /** Answers given / correct on the task's exam in the period (the period's own numbers, beside its time). */
    answered_count: z.number().check(z.int()),
    correct_count: z.number().check(z.int()),
  }),
);
export type TaskStudyTime = z.infer<ReturnType<typeof taskStudyTimeSchema>>;

export const dailyStudySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    date: z.string(),
    study_time_minutes: z.number().check(z.int()),
    study_time_seconds: z.number().check(z.int()),
    answered_count: z.number().check(z.int()),
    correct_count: z.number().check(z.int()),
  }),
);
export type DailyStudy = z.infer<ReturnType<typeof dailyStudySchema>>;
export const taskProgressSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    task_id: z.string(),
    task_name: z.string(),
    exam_id: z.nullable(z.string()),
    exam_title: z.nullable(z.string()),
    total_questions: z.number().check(z.int()),
    correct_attempts: z.number().check(z.int()),
    total_attempts: z.number().check(z.int()),
    accuracy_percentage: z.number(),
    attempted_progress: z.number(),
    correct_progress: z.number(),
  }),
);

/** GET /api/study-time-statistics/{studyId}/?days=: study time of the period and the tasks' progress (docs/product.md#study-progress). */
export const studyTimeStatistics = defineRoute({
  method: 'GET',
  path: '/api/study-time-statistics/{studyId}/',
  access: 'signed-in',
  schemas: periodInputs,
  response: () =>
    periodReport({
      summary: z.object({
        total_tasks: z.number().check(z.int()),
        /** Tasks with study time or answers in the period; inactive = the rest. */
        active_tasks: z.number().check(z.int()),
        inactive_tasks: z.number().check(z.int()),
        has_study_time: z.boolean(),
        /** The period's answers in the study (each submit once, however many tasks link its exam). */
        answered_count: z.number().check(z.int()),
        correct_count: z.number().check(z.int()),
        total_study_time_seconds: z.number().check(z.int()),
      }),
      task_study_times: z.array(taskStudyTimeSchema()),
      daily_study_times: z.array(dailyStudySchema()),
      total_study_time_minutes: z.number().check(z.int()),
      /** Addition to the original client's shape: each task's progress from the caller's results (all time), for the accuracy chart. */
      task_progress: z.array(taskProgressSchema()),
      overall: z.object({ attempted_progress: z.number(), correct_progress: z.number() }),
      /** The caller manages the study (member management's rule): the dashboard offers the members table (GET /api/study-members-progress/). */
      can_view_members: z.boolean(),
    }),
});

const count = (max: number) => z.number().check(z.int(), z.gte(0), z.lte(max));

/** Practice answers one save carries at most (a run draws at most {@link RANDOM_PRACTICE_MAX_COUNT}). */
export const MAX_PRACTICE_ANSWERS = RANDOM_PRACTICE_MAX_COUNT;

/**
 * POST /api/save-random-practice-result/: active members of the study; site admins any study (docs/product.md#random-practice).
 * `answers` (D299): each answer once, graded on the server, counted as practice — one result per task exam
 * answered (under the study), the question statistics and memory state, the review log and heatmap, the
 * study's progress and time. `submission_id` makes a retry of the same save change nothing. Without
 * `answers` (a client from before D299) only the run's totals are kept, counted nowhere.
 */
export const saveRandomPracticeResult = defineRoute({
  method: 'POST',
  path: '/api/save-random-practice-result/',
  access: 'signed-in',
  schemas: () => ({
    body: z
      .object({
        study_id: idText(),
        correct_count: count(10_000),
        total_questions: count(10_000).check(z.gte(1)),
        elapsed_seconds: z.number().check(z.gte(0), z.lte(7 * 24 * 3600)),
        submission_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
        answers: z._default(
          z
            .array(
              z.object({
                exam_id: idText(),
                question_id: idText(),
                answer: z._default(z.string().check(z.maxLength(2_000)), ''),
                learner_verdict: z.optional(z.enum(['correct', 'wrong'])),
              }),
            )
            .check(z.maxLength(MAX_PRACTICE_ANSWERS)),
          [],
        ),
      })
      .check(
        z.refine((body) => body.correct_count <= body.total_questions, {
          message: 'correct_count must not exceed total_questions',
          path: ['correct_count'],
        }),
      ),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      id: z.string(),
      accuracy: z.number(),
      /** The answers counted (graded on the server), and the results they were written to. */
      counted: z.number().check(z.int()),
      correct_count: z.number().check(z.int()),
      result_ids: z.array(z.string()),
    }),
});

export const practiceQuestionSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    exam_id: z.string(),
    exam_title: z.string(),
    title: z.string(),
    content: z.string(),
    /** The answer in the request language; the client checks answers with the shared rule (shared/domain/answer-check.ts). */
    answer: z.string(),
    explanation: z.string(),
    /** How the texts are written (D130); the client grades in the plain form (shared/domain/rich-text.ts). */
    format: z.optional(z.enum(TEXT_FORMATS)),
    /** A cloze card's number and note (D366): graded gap by gap, its whole sentence shown after. */
    cloze: z.optional(z.number().check(z.int())),
    cloze_note: z.optional(z.string()),
  }),
);
export type PracticeQuestion = z.infer<ReturnType<typeof practiceQuestionSchema>>;

/**
 * GET /api/random-practice/{studyId}/?count=: not in the original client's call list (D83). The original client's screen
 * read whole task exams in the browser; a private task exam is then sent whole to every member.
 * Here the server draws `count` questions (capped at the study's total) from the task exams and
 * answers only those; `count=0` answers the total alone (the settings stage).
 */
export const drawRandomPracticeQuestions = defineRoute({
  method: 'GET',
  path: '/api/random-practice/{studyId}/',
  access: 'signed-in',
  schemas: () => ({
    params: studyIdParams(),
    query: z.object({
      count: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(RANDOM_PRACTICE_MAX_COUNT)), 0),
    }),
  }),
  response: () =>
    z.object({
      study_id: z.string(),
      total_questions: z.number().check(z.int()),
      task_count: z.number().check(z.int()),
      questions: z.array(practiceQuestionSchema()),
    }),
});

export const memberProgressSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    /** The `MEMBER#` id of the study's member list. */
    member_id: z.string(),
    name: z.string(),
    role: z.string(),
    is_active: z.boolean(),
    /** Null for a member not linked to an account: nothing of theirs can be recorded. */
    username: z.nullable(z.string()),
    answered_count: z.number().check(z.int()),
    correct_count: z.number().check(z.int()),
    study_time_seconds: z.number().check(z.int()),
    /** The last submit in the period (ISO), or null. */
    last_activity_at: z.nullable(z.string()),
  }),
);
export type MemberProgress = z.infer<ReturnType<typeof memberProgressSchema>>;

/**
 * GET /api/study-members-progress/{studyId}/?days=: how each member is doing in
 * the period — answers, correct ones, study time, last activity. The same managers as member
 * management (site admins, the creator, active study_admin / study_leader): others 403, a study
 * the caller may not read 404. A fixed number of DynamoDB requests for a period, whatever the
 * study's history before it.
 */
export const studyMembersProgress = defineRoute({
  method: 'GET',
  path: '/api/study-members-progress/{studyId}/',
  access: 'signed-in',
  schemas: periodInputs,
  response: () => periodReport({ members: z.array(memberProgressSchema()) }),
});
