import * as z from 'zod/mini';
import { commaList } from './query-lists.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { flagSchema } from './files.js';
import { tagSchema } from './tags.js';
import { DIFFICULTIES } from '../domain/difficulty.js';
import { keyable } from '../domain/key-text.js';
import { languageSchema } from '../domain/language.js';
import { TEXT_FORMATS } from '../domain/rich-text.js';

export const RANDOM_OPTIONS = ['random', 'wrong_only', 'most_wrong'] as const;
export type RandomOption = (typeof RANDOM_OPTIONS)[number];

/** Largest exam: its questions come back in one answer, which must stay well under Lambda's 6 MB. */
export const MAX_EXAM_QUESTIONS = 2_000;
export const MAX_EXAM_TITLE = 200;
export const MAX_EXAM_TAGS = 10;
/**
 * Exams one user may subscribe to. The subscribed list and the daily quiz read every subscription
 * (no cursor in the original client), so the cap keeps those reads at one small Query each.
 */
export const MAX_SUBSCRIBED_EXAMS = 200;

/** docs/product.md#exam-management / docs/product.md#exam-management question, localised: title/content/answer/explanation follow the caller's language. */
export const examQuestionSchema = /* @__PURE__ */ lazy(() =>
  z.extend(
    z.partial(
      z.object({
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
        /** How title, content, answer and explanation are written (D130): legacy questions are `plain`. */
        format: z.enum(TEXT_FORMATS),
        created_language: languageSchema(),
        is_ko_complete: z.boolean(),
        is_en_complete: z.boolean(),
        created_at: z.string(),
        order: z.number().check(z.int()),
        /**
         * The caller's own flags (L17): answered by GET /api/exam/{examId}/ (with questions) and
         * GET /api/exam/{examId}/questions/ only when `select` names `is_favorite` or `is_ignored`
         * and the caller is signed in; false for anonymous callers.
         */
        is_favorite: z.boolean(),
        is_ignored: z.boolean(),
      }),
    ),
    { id: z.string() },
  ),
);
export type ExamQuestion = z.infer<ReturnType<typeof examQuestionSchema>>;

const versionSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    display_title: z.string(),
    version_number: z.number().check(z.int()),
    total_questions: z.number().check(z.int()),
    is_public: z.boolean(),
    created_at: z.string(),
    created_by: z.object({ id: z.string(), username: z.string() }),
  }),
);

export const examSchema = /* @__PURE__ */ lazy(() =>
  z.extend(
    z.partial(
      z.object({
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
        original_exam: z.nullable(z.string()),
        version_number: z.number().check(z.int()),
        is_public: z.boolean(),
        /** Some question came from a private file or exam: making it public needs `confirm_private_questions`. */
        has_private_questions: z.boolean(),
        file_name: z.nullable(z.string()),
        file_id: z.nullable(z.string()),
        total_questions: z.number().check(z.int()),
        created_by: z.object({ id: z.string(), username: z.string() }),
        tags: z.array(tagSchema()),
        studies: z.array(z.unknown()),
        force_answer: z.boolean(),
        voice_mode_enabled: z.boolean(),
        ai_mock_interview: z.boolean(),
        is_subscribed: z.boolean(),
        versions: z.array(versionSchema()),
        questions: z.array(examQuestionSchema()),
        user_permissions: z.object({
          is_admin: z.boolean(),
          is_creator: z.boolean(),
          has_study_admin_role: z.boolean(),
          is_study_admin: z.boolean(),
          can_edit: z.boolean(),
        }),
      }),
    ),
    { id: z.string() },
  ),
);
export type Exam = z.infer<ReturnType<typeof examSchema>>;

/** One parameter name per path level under /api/exam/ (API Gateway), `{examId}`, whatever name the original client's paths use. */
export const examIdParam = /* @__PURE__ */ lazy(() =>
  z.object({ examId: z.string().check(z.minLength(1), z.maxLength(100)) }),
);
const selectQuery = () => z.optional(z.string().check(z.maxLength(1000)));

const questionRef = () =>
  z.union([
    z.string().check(z.minLength(1), z.maxLength(200)),
    z.number().check(z.int()),
    z.looseObject({ id: z.union([z.string(), z.number()]) }),
  ]);

const parsedProblem = () =>
  z.object({
    id: z.optional(z.union([z.string(), z.number()])),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
    difficulty: z.optional(z.string().check(z.maxLength(20))),
    url: z.optional(z.string().check(z.maxLength(2000))),
  });

const countSchema = () => z.coerce.number().check(z.int(), z.gte(0), z.lte(MAX_EXAM_QUESTIONS));

/**
 * POST /api/create-exam/ in all its forms (docs/product.md#exam-management): from a file (file_name, with
 * random_option and difficulty), from the caller's wrong answers, from explicit questions of an
 * exam (questions + exam_id, creation_type copy), from parsed problems, or empty (count 0).
 * The camelCase names of the second create form are accepted as aliases.
 *
 * From the exam detail screen (docs/product.md#exam-management): `questions` (ids of the shown or selected questions)
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
    body: z.pipe(
      z.object({
        title: keyable(z.optional(z.string().check(z.maxLength(MAX_EXAM_TITLE)))),
        description: z.optional(z.string().check(z.maxLength(5000))),
        question_count: z.optional(countSchema()),
        questionCount: z.optional(countSchema()),
        file_name: keyable(z.optional(z.nullable(z.string().check(z.maxLength(300))))),
        fileName: keyable(z.optional(z.nullable(z.string().check(z.maxLength(300))))),
        file_id: keyable(z.optional(z.nullable(z.string().check(z.maxLength(100))))),
        wrong_questions_only: z.optional(flagSchema()),
        wrongQuestionsOnly: z.optional(flagSchema()),
        random_option: z.optional(z.enum(RANDOM_OPTIONS)),
        difficulty: z.optional(z.nullable(z.string().check(z.maxLength(20)))),
        is_original: z.optional(flagSchema()),
        is_public: z.optional(flagSchema()),
        confirm_private_questions: z.optional(flagSchema()),
        force_answer: z.optional(flagSchema()),
        voice_mode_enabled: z.optional(flagSchema()),
        ai_mock_interview: z.optional(flagSchema()),
        creation_type: z.optional(z.enum(['new', 'copy'])),
        selection_mode: z.optional(z.string().check(z.maxLength(50))),
        questions: z.optional(z.array(questionRef()).check(z.maxLength(MAX_EXAM_QUESTIONS))),
        exam_id: z.optional(z.nullable(z.union([z.string().check(z.maxLength(100)), z.number()]))),
        parsed_problems: z.optional(z.array(parsedProblem()).check(z.maxLength(1000))),
        tags: z.optional(z.array(keyable(z.string().check(z.maxLength(100)))).check(z.maxLength(MAX_EXAM_TAGS))),
      }),
      z.transform(({ questionCount, fileName, wrongQuestionsOnly, ...body }) => {
        const normalised: typeof body = {
          ...body,
          question_count: body.question_count ?? questionCount,
          file_name: body.file_name || fileName,
          wrong_questions_only: body.wrong_questions_only ?? wrongQuestionsOnly,
        };
        return normalised;
      }),
    ),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      id: z.string(),
      exam: examSchema(),
      message: z.string(),
      requested_count: z.number().check(z.int()),
      question_count: z.number().check(z.int()),
      reduced: z.boolean(),
    }),
});

export const getExam = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/',
  access: 'public',
  schemas: () => ({
    params: examIdParam(),
    query: z.looseObject({ select: selectQuery() }),
  }),
  response: () => examSchema(),
});

export const getExamQuestions = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/questions/',
  access: 'public',
  schemas: () => ({
    params: examIdParam(),
    query: z.looseObject({ select: selectQuery() }),
  }),
  response: () => z.array(examQuestionSchema()),
});

export const listExams = defineRoute({
  method: 'GET',
  path: '/api/exams/',
  access: 'public',
  schemas: () => ({
    query: z.looseObject({
      my_exams: z.optional(flagSchema()),
      is_public: z.optional(flagSchema()),
      is_original: z.optional(flagSchema()),
      search: z.optional(z.string().check(z.maxLength(200))),
      search_title: z.optional(z.string().check(z.maxLength(200))),
      tags: commaList(),
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 100)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
      select: selectQuery(),
    }),
  }),
  response: () =>
    z.object({ count: z.number().check(z.int()), next: z.nullable(z.string()), results: z.array(examSchema()) }),
});

export const deleteExam = defineRoute({
  method: 'DELETE',
  path: '/api/exam/{examId}/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

export const deleteExamLegacy = defineRoute({
  method: 'DELETE',
  path: '/api/exam/{examId}/delete/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

const derivedExamAnswer = /* @__PURE__ */ lazy(() =>
  z.object({ success: z.literal(true), id: z.string(), exam: examSchema(), message: z.string() }),
);

export const retakeExam = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/retake/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.looseObject({ title: keyable(z.optional(z.string().check(z.maxLength(MAX_EXAM_TITLE)))) }),
  }),
  response: () => derivedExamAnswer(),
});

export const wrongQuestionsExam = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/wrong-questions/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.looseObject({
      question_count: z.optional(countSchema()),
      title: keyable(z.optional(z.string().check(z.maxLength(MAX_EXAM_TITLE)))),
    }),
  }),
  response: () => derivedExamAnswer(),
});

export const toggleOriginal = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/toggle-original/',
  access: 'admin',
  schemas: () => ({
    params: examIdParam(),
    body: z.looseObject({}),
  }),
  response: () => z.object({ success: z.literal(true), is_original: z.boolean(), exam: examSchema() }),
});

export const updateExam = defineRoute({
  method: 'PATCH',
  path: '/api/exam/{examId}/update/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.object({
      title: keyable(z.optional(z.string().check(z.maxLength(MAX_EXAM_TITLE)))),
      title_ko: keyable(z.optional(z.string().check(z.maxLength(MAX_EXAM_TITLE)))),
      title_en: keyable(z.optional(z.string().check(z.maxLength(MAX_EXAM_TITLE)))),
      description: z.optional(z.string().check(z.maxLength(5000))),
      description_ko: z.optional(z.string().check(z.maxLength(5000))),
      description_en: z.optional(z.string().check(z.maxLength(5000))),
      version_number: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000))),
      created_at: z.optional(z.string().check(z.maxLength(40))),
      is_public: z.optional(flagSchema()),
      confirm_private_questions: z.optional(flagSchema()),
      force_answer: z.optional(flagSchema()),
      voice_mode_enabled: z.optional(flagSchema()),
      ai_mock_interview: z.optional(flagSchema()),
      tags: z.optional(
        z
          .array(
            z.union([z.string().check(z.maxLength(100)), z.looseObject({ id: z.string().check(z.maxLength(100)) })]),
          )
          .check(z.maxLength(MAX_EXAM_TAGS)),
      ),
    }),
  }),
  response: () => examSchema(),
});

const examIds = () =>
  z
    .array(z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]), z.transform(String)))
    .check(z.minLength(1), z.maxLength(100));

export const bulkToggleSubscription = defineRoute({
  method: 'POST',
  path: '/api/exam-subscription/bulk-toggle/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds(), action: z.enum(['subscribe', 'unsubscribe']) }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      action: z.enum(['subscribe', 'unsubscribe']),
      changed: z.array(z.string()),
      not_found: z.array(z.string()),
    }),
});

export const subscribedExams = defineRoute({
  method: 'GET',
  path: '/api/user-exams/subscribed-exams/',
  access: 'signed-in',
  response: () => z.object({ count: z.number().check(z.int()), exams: z.array(examSchema()) }),
});

const moveAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    moved: z.array(z.string()),
    not_found: z.array(z.string()),
  }),
);

/** Profile: subscribe the selected exams (they then show under Subscribed Exams). */
export const moveToSubscribed = defineRoute({
  method: 'POST',
  path: '/api/user-exams/move-to-subscribed/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds() }),
  }),
  response: () => moveAnswer(),
});

/** Profile: unsubscribe the selected exams (they leave Subscribed Exams). */
export const moveToMyExams = defineRoute({
  method: 'POST',
  path: '/api/user-exams/move-to-my-exams/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_ids: examIds() }),
  }),
  response: () => moveAnswer(),
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
      question_id: z.pipe(
        z.union([z.string().check(z.minLength(1), z.maxLength(200)), z.number()]),
        z.transform(String),
      ),
      exam_id: z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number()]), z.transform(String)),
    }),
  }),
  response: () => z.object({ success: z.literal(true), id: z.string(), exam: examSchema(), created: z.boolean() }),
});

export const connectedStudySchema = /* @__PURE__ */ lazy(() =>
  z.object({ study_id: z.string(), study_title: z.string(), study_url: z.string() }),
);

/** Studies whose tasks link this exam and that the caller may see (docs/product.md#exam-management connected study). */
export const connectedStudies = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/connected-studies/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
  }),
  response: () => z.object({ success: z.literal(true), connected_studies: z.array(connectedStudySchema()) }),
});
