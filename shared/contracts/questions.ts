import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { examQuestionSchema } from './exam-schemas.js';
import { QUESTION_SHEET_LIMITS } from '../domain/question-sheet.js';
import { languageSchema } from '../domain/language.js';
import { TEXT_FORMATS } from '../domain/rich-text.js';
import { MAX_CLOZE_NUMBER } from '../domain/cloze.js';

/**
 * How many questions one user may keep as favorites, and as ignored. The favorites list answers
 * every snapshot (1–3 KB each) and the ignored list every id, without a cursor (the original client
 * has none): the caps keep each list to a fixed number of DynamoDB pages and its answer far below
 * Lambda's 6 MB, however long the user's history (docs/decisions/questions-and-favorites.md).
 */
export const MAX_FAVORITE_QUESTIONS = 1_000;
export const MAX_IGNORED_QUESTIONS = 10_000;

const cell = () => z.string().check(z.maxLength(QUESTION_SHEET_LIMITS.maxCellChars));
const questionIdParam = () => z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const examIdParam = () => z.object({ examId: z.string().check(z.minLength(1), z.maxLength(100)) });
const idValue = () =>
  z.pipe(z.union([z.string().check(z.minLength(1), z.maxLength(200)), z.number()]), z.transform(String));

/**
 * docs/product.md#take-exam question edit and add form. Title, content and answer must be non-blank (400
 * `question_required_fields`); difficulty is normalised (blank → Medium); url "nan" is cleared.
 * Text lands in the caller's language fields (title_ko or title_en, …).
 */
export const questionFormSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    csv_id: z.optional(z.pipe(z.union([z.string().check(z.maxLength(100)), z.number()]), z.transform(String))),
    title: cell(),
    content: cell(),
    answer: cell(),
    explanation: z.optional(cell()),
    difficulty: z.optional(z.string().check(z.maxLength(20))),
    url: z.optional(z.string().check(z.maxLength(2000))),
    group_id: z.optional(z.pipe(z.union([z.string().check(z.maxLength(100)), z.number()]), z.transform(String))),
    /** `markdown` for rich text (D130); without it an edit keeps the question's format, a new question is plain. */
    format: z.optional(z.enum(TEXT_FORMATS)),
    /**
     * Which card of a cloze note this question is (D370), when `content` holds `{{cN::…}}` gaps: the
     * server then makes the content and answer from the note. A card keeps its own number (an edit
     * edits the whole note, D455); a new card or a question becoming a note takes this, else the first.
     */
    cloze: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CLOZE_NUMBER))),
  }),
);

/**
 * PATCH /api/questions/{id}/update/: edits the question inside one exam (`exam_id`, required:
 * a question id is shared by the copies in other people's exams, which this never touches).
 * Allowed: site admin, the exam's creator, a study admin of a study linking the exam.
 */
export const updateQuestion = defineRoute({
  method: 'PATCH',
  path: '/api/questions/{id}/update/',
  access: 'signed-in',
  schemas: () => ({
    params: questionIdParam(),
    body: z.catchall(z.extend(z.partial(questionFormSchema()), { exam_id: idValue() }), z.unknown()),
  }),
  response: () => examQuestionSchema(),
});

export const addQuestion = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/add-question/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.catchall(questionFormSchema(), z.unknown()),
  }),
  response: () => examQuestionSchema(),
});

/** DELETE /api/questions/{id}/?exam_id=: removes the question from that exam only (same rights as edit). */
export const deleteQuestion = defineRoute({
  method: 'DELETE',
  path: '/api/questions/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: questionIdParam(),
    query: z.looseObject({ exam_id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

/** A favorite keeps a snapshot of the question and the exam it was marked in (`original_exams`). */
export const favoriteQuestionSchema = /* @__PURE__ */ lazy(() =>
  z.extend(examQuestionSchema(), {
    is_favorite: z.boolean(),
    is_ignored: z.boolean(),
    original_exams: z.array(z.object({ id: z.string(), title: z.string() })),
    favorited_at: z.string(),
  }),
);

/** Toggle: answers the new state. `exam_id` names the exam it was marked in (for the favorites list's links). */
export const toggleFavorite = defineRoute({
  method: 'POST',
  path: '/api/add-question-to-favorite/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({ question_id: idValue(), exam_id: z.optional(idValue()) }),
  }),
  response: () => z.object({ success: z.literal(true), question_id: z.string(), is_favorite: z.boolean() }),
});

/** The caller's favorites, newest first; with `question_id` only that one (empty when not a favorite). */
export const favoriteExamQuestions = defineRoute({
  method: 'GET',
  path: '/api/favorite-exam-questions/',
  access: 'signed-in',
  schemas: () => ({
    query: z.looseObject({
      question_id: z.optional(z.string().check(z.maxLength(200))),
      t: z.optional(z.string().check(z.maxLength(50))),
    }),
  }),
  response: () => z.object({ count: z.number().check(z.int()), questions: z.array(favoriteQuestionSchema()) }),
});

export const ignoreQuestion = defineRoute({
  method: 'POST',
  path: '/api/question/{id}/ignore/',
  access: 'signed-in',
  schemas: () => ({
    params: questionIdParam(),
    /** `exam_id` (optional) names the exam the question is seen in; without it a readable exam holding it is looked up. */
    body: z.looseObject({ exam_id: z.optional(idValue()) }),
  }),
  response: () => z.object({ success: z.literal(true), question_id: z.string(), is_ignored: z.boolean() }),
});

export const unignoreQuestion = defineRoute({
  method: 'POST',
  path: '/api/question/{id}/unignore/',
  access: 'signed-in',
  schemas: () => ({
    params: questionIdParam(),
    body: z.looseObject({}),
  }),
  response: () => z.object({ success: z.literal(true), question_id: z.string(), is_ignored: z.boolean() }),
});

export const ignoredQuestions = defineRoute({
  method: 'GET',
  path: '/api/questions/ignored/',
  access: 'signed-in',
  response: () =>
    z.object({
      count: z.number().check(z.int()),
      ignored_questions: z.array(z.object({ question_id: z.string(), ignored_at: z.string() })),
    }),
});

/**
 * POST /api/evaluate-answer/ (voice mode). The server looks the correct answer up itself from
 * `exam_id` + `question_id`; a `correct_answer` in the body is ignored. Deterministic local
 * evaluator (≥ 50 % word match after normalisation), Amazon Bedrock when configured.
 */
export const evaluateAnswer = defineRoute({
  method: 'POST',
  path: '/api/evaluate-answer/',
  access: 'signed-in',
  schemas: () => ({
    body: z.looseObject({
      exam_id: idValue(),
      question_id: idValue(),
      user_answer: z.string().check(z.maxLength(2_000)),
      language: z.optional(languageSchema()),
      question: z.optional(z.unknown()),
      correct_answer: z.optional(z.unknown()),
    }),
  }),
  response: () => z.object({ is_correct: z.boolean(), reason: z.string(), evaluator: z.enum(['local', 'bedrock']) }),
});

/** Question ids of one request: at most one exam's worth. */
const questionIds = () => z.array(idValue()).check(z.minLength(1), z.maxLength(2_000));

const transferBody = () => z.object({ from_exam_id: idValue(), to_exam_id: idValue(), question_ids: questionIds() });

/**
 * POST /api/move-questions/: both exams editable by the caller (creator, site admin, study admin
 * of a linking study), else 404/403 as for editing. The questions keep their ids, so statistics
 * and favorites stay attached. Ids not in the source are listed in `not_found`; a question the
 * target already holds is only removed from the source (`skipped`). Totals answered after the move.
 * 400 `exam_same_source_target`, 400 `exam_question_limit` (target would pass 2,000).
 */
export const moveQuestions = defineRoute({
  method: 'POST',
  path: '/api/move-questions/',
  access: 'signed-in',
  schemas: () => ({
    body: transferBody(),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      moved_count: z.number().check(z.int()),
      skipped: z.array(z.string()),
      not_found: z.array(z.string()),
      from_total_questions: z.number().check(z.int()),
      to_total_questions: z.number().check(z.int()),
    }),
});

/** POST /api/copy-questions/: as move, but the source stays whole; questions the target already holds are `skipped`. */
export const copyQuestions = defineRoute({
  method: 'POST',
  path: '/api/copy-questions/',
  access: 'signed-in',
  schemas: () => ({
    body: transferBody(),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      copied_count: z.number().check(z.int()),
      skipped: z.array(z.string()),
      not_found: z.array(z.string()),
      to_total_questions: z.number().check(z.int()),
    }),
});

/** POST /api/delete-questions/: removes the questions from that exam only (editors); other exams' copies stay. */
export const deleteQuestions = defineRoute({
  method: 'POST',
  path: '/api/delete-questions/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_id: idValue(), question_ids: questionIds() }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      deleted_count: z.number().check(z.int()),
      total_questions: z.number().check(z.int()),
    }),
});

/**
 * PATCH /api/questions/bulk-update-group/: sets `group_id` (blank clears it) on the questions of
 * one exam (editors). `exam_id` is required although the original client's payload leaves it out: a question
 * id is shared by copies in other people's exams, which this never touches (as updateQuestion).
 */
export const bulkUpdateGroup = defineRoute({
  method: 'PATCH',
  path: '/api/questions/bulk-update-group/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      exam_id: idValue(),
      question_ids: questionIds(),
      group_id: z.pipe(
        z.union([z.string().check(z.maxLength(100)), z.number()]),
        z.transform((v) => String(v).trim()),
      ),
    }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      updated_count: z.number().check(z.int()),
      not_found: z.array(z.string()),
    }),
});

/** docs/product.md#exam-detail question-member mapping. */
export const questionMemberMappingSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    question: z.object({ id: z.string() }),
    member: z.object({ id: z.string(), name: z.string(), user_username: z.nullable(z.string()), study: z.string() }),
  }),
);
export type QuestionMemberMapping = z.infer<ReturnType<typeof questionMemberMappingSchema>>;

/**
 * POST /api/create-question-member-mapping/: assigns the questions round-robin over the active
 * members of a study that links the exam; managers of that study (study_admin / study_leader) and
 * site admins only. Replaces earlier mappings of those questions. 400 `study_no_active_members`.
 */
export const createQuestionMemberMapping = defineRoute({
  method: 'POST',
  path: '/api/create-question-member-mapping/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ exam_id: idValue(), study_id: idValue(), question_ids: questionIds() }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      created_count: z.number().check(z.int()),
      mappings: z.array(questionMemberMappingSchema()),
    }),
});

/** GET /api/exam/{examId}/question-member-mappings/: empty list for callers without rights on a linking study. */
export const questionMemberMappings = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/question-member-mappings/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
  }),
  response: () => z.array(questionMemberMappingSchema()),
});
