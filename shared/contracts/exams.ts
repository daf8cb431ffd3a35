import * as z from 'zod';
import { commaList } from './query-lists.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { flagSchema } from './files.js';
import { tagSchema } from './tags.js';
import { DIFFICULTIES } from '../domain/difficulty.js';
import { keyable } from '../domain/key-text.js';
import { languageSchema } from '../domain/language.js';

export const RANDOM_OPTIONS = ['random', 'wrong_only', 'most_wrong'] as const;
export type RandomOption = (typeof RANDOM_OPTIONS)[number];

/** Largest exam: its questions come back in one answer, which must stay well under Lambda's 6 MB. */
export const MAX_EXAM_QUESTIONS = 2_000;
export const MAX_EXAM_TITLE = 200;
export const MAX_EXAM_TAGS = 10;

/** Spec 2 §3 / spec 3 §3 question, localised: title/content/answer/explanation follow the caller's language. */
export const examQuestionSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      id: z.string(),
      csv_id: z.string(),
      title: z.string(),
      content: z.string(),
      answer: z.string(),
      explanation: z.string(),
      title_ko: z.string(),
      title_en: z.string(),
      content_ko: z.string(),
      content_en: z.string(),
      answer_ko: z.string(),
      answer_en: z.string(),
      explanation_ko: z.string(),
      explanation_en: z.string(),
      difficulty: z.enum(DIFFICULTIES),
      url: z.string(),
      group_id: z.string(),
      created_language: languageSchema(),
      is_ko_complete: z.boolean(),
      is_en_complete: z.boolean(),
      created_at: z.string(),
      order: z.number().int(),
      /**
       * The caller's own flags (L17): answered by GET /api/exam/{examId}/ (with questions) and
       * GET /api/exam/{examId}/questions/ only when `select` names `is_favorite` or `is_ignored`
       * and the caller is signed in; false for anonymous callers.
       */
      is_favorite: z.boolean(),
      is_ignored: z.boolean(),
    })
    .partial()
    .extend({ id: z.string() }),
);
export type ExamQuestion = z.infer<ReturnType<typeof examQuestionSchema>>;

const versionSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    display_title: z.string(),
    version_number: z.number().int(),
    total_questions: z.number().int(),
    is_public: z.boolean(),
    created_at: z.string(),
    created_by: z.object({ id: z.string(), username: z.string() }),
  }),
);

export const examSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      id: z.string(),
      title: z.string(),
      title_ko: z.string(),
      title_en: z.string(),
      display_title: z.string(),
      description: z.string(),
      description_ko: z.string(),
      description_en: z.string(),
      created_at: z.string(),
      created_language: languageSchema(),
      is_ko_complete: z.boolean(),
      is_en_complete: z.boolean(),
      is_original: z.boolean(),
      original_exam: z.string().nullable(),
      version_number: z.number().int(),
      is_public: z.boolean(),
      file_name: z.string().nullable(),
      file_id: z.string().nullable(),
      total_questions: z.number().int(),
      created_by: z.object({ id: z.string(), username: z.string() }),
      tags: z.array(tagSchema()),
      studies: z.array(z.unknown()),
      force_answer: z.boolean(),
      voice_mode_enabled: z.boolean(),
      ai_mock_interview: z.boolean(),
      is_subscribed: z.boolean(),
      versions: z.array(versionSchema()),
      questions: z.array(examQuestionSchema()),
      user_permissions: z.object({ is_admin: z.boolean(), is_creator: z.boolean(), has_study_admin_role: z.boolean(), is_study_admin: z.boolean(), can_edit: z.boolean() }),
    })
    .partial()
    .extend({ id: z.string() }),
);
export type Exam = z.infer<ReturnType<typeof examSchema>>;

/** One parameter name per path level under /api/exam/ (API Gateway), `{examId}`, whatever api-routes.txt writes. */
export const examIdParam = /* @__PURE__ */ lazy(() => z.object({ examId: z.string().min(1).max(100) }));
const selectQuery = () => z.string().max(1000).optional();

const questionRef = () => z.union([z.string().min(1).max(200), z.number().int(), z.object({ id: z.union([z.string(), z.number()]) }).passthrough()]);

const parsedProblem = () =>
  z.object({
    id: z.union([z.string(), z.number()]).optional(),
    title: z.string().trim().min(1).max(500),
    difficulty: z.string().max(20).optional(),
    url: z.string().max(2000).optional(),
  });

const countSchema = () => z.coerce.number().int().min(0).max(MAX_EXAM_QUESTIONS);

/**
 * POST /api/create-exam/ in all its forms (spec 2 §7, spec 3 §7): from a file (file_name, with
 * random_option and difficulty), from the caller's wrong answers, from explicit questions of an
 * exam (questions + exam_id, creation_type copy), from parsed problems, or empty (count 0).
 * The camelCase names of the second create form are accepted as aliases.
 *
 * From the exam detail screen (spec 3 §5): `questions` (ids of the shown or selected questions)
 * + `exam_id`; `selection_mode: 'manual'` keeps them all in the given order, any other mode
 * (`'random'`) samples `question_count` of them (the random exam: 1 to min(shown, 10)).
 * With `questions` the title may be blank: it then defaults to the daily-quiz title
 * `dailyQuizTitle(username)` (shared/domain/exam-title.ts), suffixed ` #xxxx` when the caller
 * already has an exam of that title.
 */
export const createExam = defineRoute({
  method: 'POST',
  path: '/api/create-exam/',
  access: 'signed-in',
  schemas: () => ({
    body: z
      .object({
        title: keyable(z.string().max(MAX_EXAM_TITLE).optional()),
        description: z.string().max(5000).optional(),
        question_count: countSchema().optional(),
        questionCount: countSchema().optional(),
        file_name: keyable(z.string().max(300).nullable().optional()),
        fileName: keyable(z.string().max(300).nullable().optional()),
        file_id: keyable(z.string().max(100).nullable().optional()),
        wrong_questions_only: flagSchema().optional(),
        wrongQuestionsOnly: flagSchema().optional(),
        random_option: z.enum(RANDOM_OPTIONS).optional(),
        difficulty: z.string().max(20).nullable().optional(),
        is_original: flagSchema().optional(),
        is_public: flagSchema().optional(),
        force_answer: flagSchema().optional(),
        voice_mode_enabled: flagSchema().optional(),
        ai_mock_interview: flagSchema().optional(),
        creation_type: z.enum(['new', 'copy']).optional(),
        selection_mode: z.string().max(50).optional(),
        questions: z.array(questionRef()).max(MAX_EXAM_QUESTIONS).optional(),
        exam_id: z
          .union([z.string().max(100), z.number()])
          .nullable()
          .optional(),
        parsed_problems: z.array(parsedProblem()).max(1000).optional(),
        tags: z
          .array(keyable(z.string().max(100)))
          .max(MAX_EXAM_TAGS)
          .optional(),
      })
      // Older clients send camelCase spellings; the service receives the snake_case fields only.
      .transform(({ questionCount, fileName, wrongQuestionsOnly, ...body }) => {
        const normalised: typeof body = {
          ...body,
          question_count: body.question_count ?? questionCount,
          file_name: body.file_name || fileName,
          wrong_questions_only: body.wrong_questions_only ?? wrongQuestionsOnly,
        };
        return normalised;
      }),
    response: z.object({
      success: z.literal(true),
      id: z.string(),
      exam: examSchema(),
      message: z.string(),
      requested_count: z.number().int(),
      question_count: z.number().int(),
      reduced: z.boolean(),
    }),
  }),
});

export const getExam = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/',
  access: 'public',
  schemas: () => ({
    params: examIdParam(),
    query: z.object({ select: selectQuery() }).passthrough(),
    response: examSchema(),
  }),
});

export const getExamQuestions = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/questions/',
  access: 'public',
  schemas: () => ({
    params: examIdParam(),
    query: z.object({ select: selectQuery() }).passthrough(),
    response: z.array(examQuestionSchema()),
  }),
});

export const listExams = defineRoute({
  method: 'GET',
  path: '/api/exams/',
  access: 'public',
  schemas: () => ({
    query: z
      .object({
        my_exams: flagSchema().optional(),
        is_public: flagSchema().optional(),
        is_original: flagSchema().optional(),
        search: z.string().max(200).optional(),
        search_title: z.string().max(200).optional(),
        tags: commaList(),
        page_size: z.coerce.number().int().min(1).max(100).catch(100).optional(),
        cursor: z.string().max(2000).optional(),
        select: selectQuery(),
      })
      .passthrough(),
    response: z.object({ count: z.number().int(), next: z.string().nullable(), results: z.array(examSchema()) }),
  }),
});

export const deleteExam = defineRoute({
  method: 'DELETE',
  path: '/api/exam/{examId}/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
});

export const deleteExamLegacy = defineRoute({
  method: 'DELETE',
  path: '/api/exam/{examId}/delete/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
});

const derivedExamAnswer = /* @__PURE__ */ lazy(() => z.object({ success: z.literal(true), id: z.string(), exam: examSchema(), message: z.string() }));

export const retakeExam = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/retake/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({ title: keyable(z.string().max(MAX_EXAM_TITLE).optional()) }).passthrough(),
    response: derivedExamAnswer(),
  }),
});

export const wrongQuestionsExam = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/wrong-questions/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({ question_count: countSchema().optional(), title: keyable(z.string().max(MAX_EXAM_TITLE).optional()) }).passthrough(),
    response: derivedExamAnswer(),
  }),
});

export const toggleOriginal = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/toggle-original/',
  access: 'admin',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({}).passthrough(),
    response: z.object({ success: z.literal(true), is_original: z.boolean(), exam: examSchema() }),
  }),
});

export const updateExam = defineRoute({
  method: 'PATCH',
  path: '/api/exam/{examId}/update/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({
      title: keyable(z.string().max(MAX_EXAM_TITLE).optional()),
      title_ko: keyable(z.string().max(MAX_EXAM_TITLE).optional()),
      title_en: keyable(z.string().max(MAX_EXAM_TITLE).optional()),
      description: z.string().max(5000).optional(),
      description_ko: z.string().max(5000).optional(),
      description_en: z.string().max(5000).optional(),
      version_number: z.coerce.number().int().min(1).max(100_000).optional(),
      created_at: z.string().max(40).optional(),
      is_public: flagSchema().optional(),
      force_answer: flagSchema().optional(),
      voice_mode_enabled: flagSchema().optional(),
      ai_mock_interview: flagSchema().optional(),
      tags: z
        .array(z.union([z.string().max(100), z.object({ id: z.string().max(100) }).passthrough()]))
        .max(MAX_EXAM_TAGS)
        .optional(),
    }),
    response: examSchema(),
  }),
});

const examIds = () =>
  z
    .array(z.union([z.string().min(1).max(100), z.number()]).transform(String))
    .min(1)
    .max(100);

export const bulkToggleSubscription = defineRoute({
  method: 'POST',
  path: '/api/exam-subscription/bulk-toggle/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds(), action: z.enum(['subscribe', 'unsubscribe']) }),
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      action: z.enum(['subscribe', 'unsubscribe']),
      changed: z.array(z.string()),
      not_found: z.array(z.string()),
    }),
  }),
});

export const subscribedExams = defineRoute({
  method: 'GET',
  path: '/api/user-exams/subscribed-exams/',
  access: 'signed-in',
  schemas: () => ({
    response: z.object({ count: z.number().int(), exams: z.array(examSchema()) }),
  }),
});

const moveAnswer = /* @__PURE__ */ lazy(() => z.object({ success: z.literal(true), message: z.string(), moved: z.array(z.string()), not_found: z.array(z.string()) }));

/** Profile: subscribe the selected exams (they then show under Subscribed Exams). */
export const moveToSubscribed = defineRoute({
  method: 'POST',
  path: '/api/user-exams/move-to-subscribed/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds() }),
    response: moveAnswer(),
  }),
});

/** Profile: unsubscribe the selected exams (they leave Subscribed Exams). */
export const moveToMyExams = defineRoute({
  method: 'POST',
  path: '/api/user-exams/move-to-my-exams/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds() }),
    response: moveAnswer(),
  }),
});

/**
 * POST /api/create-single-question-exam/ (take-exam single-question mode): a private exam of the
 * caller holding one question of a readable exam. The same caller and question reuse one exam.
 */
export const createSingleQuestionExam = defineRoute({
  method: 'POST',
  path: '/api/create-single-question-exam/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      question_id: z.union([z.string().min(1).max(200), z.number()]).transform(String),
      exam_id: z.union([z.string().min(1).max(100), z.number()]).transform(String),
    }),
    response: z.object({ success: z.literal(true), id: z.string(), exam: examSchema(), created: z.boolean() }),
  }),
});

export const connectedStudySchema = /* @__PURE__ */ lazy(() => z.object({ study_id: z.string(), study_title: z.string(), study_url: z.string() }));

/** Studies whose tasks link this exam and that the caller may see (spec 3 §3 connected study). */
export const connectedStudies = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/connected-studies/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    response: z.object({ success: z.literal(true), connected_studies: z.array(connectedStudySchema()) }),
  }),
});
