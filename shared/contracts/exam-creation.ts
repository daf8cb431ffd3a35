import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { flagSchema } from './files.js';
import { examIdParam, examSchema, MAX_EXAM_QUESTIONS, MAX_EXAM_TAGS, MAX_EXAM_TITLE } from './exam-schemas.js';
import { keyable } from '../domain/key-text.js';

/**
 * Every route that makes a new exam (docs/product.md#exam-management): the create form in all its
 * variants, retake, wrong-questions exam and the single-question exam.
 */

export const RANDOM_OPTIONS = ['random', 'wrong_only', 'most_wrong'] as const;
export type RandomOption = (typeof RANDOM_OPTIONS)[number];

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
