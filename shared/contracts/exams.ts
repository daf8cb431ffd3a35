import * as z from 'zod/mini';
import { commaList } from './query-lists.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { flagSchema } from './files.js';
import { examIdParam, examQuestionSchema, examSchema, MAX_EXAM_TAGS, MAX_EXAM_TITLE } from './exam-schemas.js';
import { keyable } from '../domain/key-text.js';

/**
 * Reading, listing, editing and deleting exams, and the studies an exam is linked to
 * (docs/product.md#exam-management). Creating exams: exam-creation.ts; subscriptions: exam-subscriptions.ts.
 */

const selectQuery = () => z.optional(z.string().check(z.maxLength(1000)));

export const getExam = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/',
  access: 'public',
  schemas: () => ({
    params: examIdParam(),
    query: z.looseObject({ select: selectQuery(), cursor: z.optional(z.string().check(z.maxLength(100))) }),
  }),
  response: () => examSchema(),
});

/**
 * One page of the exam's questions, as the exam read pages them (EXAM_PAGE_*): a plain list; when
 * another page follows, its opaque cursor is in the `x-next-cursor` header (and `link: <…>; rel="next"`).
 */
export const getExamQuestions = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/questions/',
  access: 'public',
  schemas: () => ({
    params: examIdParam(),
    query: z.looseObject({ select: selectQuery(), cursor: z.optional(z.string().check(z.maxLength(100))) }),
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
      search: keyable(z.optional(z.string().check(z.maxLength(200)))),
      search_title: keyable(z.optional(z.string().check(z.maxLength(200)))),
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
