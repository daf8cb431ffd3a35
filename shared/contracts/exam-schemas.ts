import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import { tagSchema } from './tags.js';
import { DIFFICULTIES } from '../domain/difficulty.js';
import { languageSchema } from '../domain/language.js';
import { TEXT_FORMATS } from '../domain/rich-text.js';

/**
 * The exam and exam-question shapes the exam routes answer with, the `{examId}` path parameter and
 * the exam size limits. Routes live in exams.ts (reads, edits, deletion), exam-creation.ts and
 * exam-subscriptions.ts; other contracts (questions, review, daily quiz, exam sheets) reuse these shapes.
 */

/** Largest exam. Its read answers its questions a page at a time (EXAM_PAGE_*, D357). */
export const MAX_EXAM_QUESTIONS = 2_000;
/** Questions per page of an exam read, at most (D357). */
export const EXAM_PAGE_QUESTIONS = 250;
/** Bytes of question JSON per page of an exam read, at most about (D357): well under Lambda's 6 MB answer. */
export const EXAM_PAGE_BYTES = 1_500_000;
export const MAX_EXAM_TITLE = 200;
export const MAX_EXAM_TAGS = 10;

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
        /**
         * A cloze card (D366): its number and its whole note. `content` is already the question side
         * (gap hidden); `cloze_note` is what the answer side reveals, so it is the answer's equal.
         */
        cloze: z.number().check(z.int()),
        cloze_note: z.string(),
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

/** How many questions from the start of an exam its read answers rendered (D263): what a learner sees first. */
export const RENDERED_QUESTIONS = 5;

const renderedTextSchema = /* @__PURE__ */ lazy(() => z.object({ text: z.string(), html: z.string() }));
export type RenderedText = z.infer<ReturnType<typeof renderedTextSchema>>;

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
        /**
         * With `questions`: where the next page of questions starts (pass as `cursor`), null on the last
         * page (D357). Pages after the first answer only `id`, `questions` and `next_cursor`.
         */
        next_cursor: z.nullable(z.string()),
        /**
         * HTML of the Markdown texts the first questions show, rendered by the server so the page need not
         * fetch the renderer (D263): with `questions`, unless `select` leaves it out. Each is the text as the
         * take-exam screen shows it (a choice question's text without its choices) and its HTML, which the
         * client still passes through its sanitizer.
         */
        rendered: z.array(renderedTextSchema()),
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
