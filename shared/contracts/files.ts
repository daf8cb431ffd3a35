import * as z from 'zod';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { keyable } from '../domain/key-text.js';
import { languageSchema } from '../domain/language.js';

/** `true`/`false`, `1`/`0`, `on` from forms and query strings. */
export const flagSchema = /* @__PURE__ */ lazy(() =>
  z.preprocess((value) => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return value !== 0;
    if (typeof value === 'string') {
      const v = value.trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(v)) return true;
      if (['false', '0', 'off', 'no', ''].includes(v)) return false;
    }
    return value;
  }, z.boolean()),
);

export const importStatsSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    total_rows: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    skipped_blank_answer: z.number().int(),
    duplicates_removed: z.number().int(),
    ids_assigned: z.number().int(),
    errors: z.number().int(),
  }),
);
export type ImportStats = z.infer<ReturnType<typeof importStatsSchema>>;

/** Spec 2 §3 question file, plus the id (unambiguous across owners) and question_count. */
export const questionFileSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    size: z.number().int(),
    modified: z.number().int(),
    max_questions: z.number().int(),
    question_count: z.number().int(),
    is_public: z.boolean(),
    uploaded_by: z.string(),
    is_owner: z.boolean(),
    language: languageSchema(),
  }),
);
export type QuestionFile = z.infer<ReturnType<typeof questionFileSchema>>;

const importAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    file: questionFileSchema(),
    stats: importStatsSchema(),
    replaced: z.boolean(),
  }),
);

/** A file field as @middy/http-multipart-body-parser delivers it. */
export const uploadedFileSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    filename: z.string(),
    mimetype: z.string().optional(),
    encoding: z.string().optional(),
    truncated: z.boolean().optional(),
    content: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'file content expected' }),
  }),
);

/** `{name}` in file routes: a file id from the list, or a file name resolved in the caller's view. */
const fileRef = /* @__PURE__ */ lazy(() => z.object({ name: keyable(z.string().min(1).max(300)) }));

export const uploadQuestions = defineRoute({
  method: 'POST',
  path: '/api/upload-questions/',
  access: 'signed-in',
  bodyKind: 'multipart',
  schemas: () => ({
    body: z.object({ file: uploadedFileSchema().extend({ filename: keyable(z.string()) }), is_public: flagSchema().default(true) }),
    response: importAnswer(),
  }),
});

export const createUploadUrl = defineRoute({
  method: 'POST',
  path: '/api/question-files/upload-url/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      file_name: keyable(z.string().min(1).max(300)),
      size: z.number().int().min(1),
      content_type: z.string().max(200).optional(),
    }),
    response: z.object({
      upload_id: z.string(),
      url: z.string(),
      method: z.literal('PUT'),
      headers: z.record(z.string(), z.string()),
      expires_in: z.number().int(),
      max_bytes: z.number().int(),
    }),
  }),
});

export const importUploadedFile = defineRoute({
  method: 'POST',
  path: '/api/question-files/import/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      upload_id: z.string().regex(/^[a-z0-9]{16,64}$/),
      file_name: keyable(z.string().min(1).max(300)),
      is_public: flagSchema().default(true),
    }),
    response: importAnswer(),
  }),
});

export const listQuestionFiles = defineRoute({
  method: 'GET',
  path: '/api/question-files/',
  access: 'signed-in',
  schemas: () => ({
    query: z.object({ is_public: flagSchema().optional() }),
    response: z.object({ files: z.array(questionFileSchema()) }),
  }),
});

export const checkExistingFile = defineRoute({
  method: 'GET',
  path: '/api/question-files/check-existing/{name}/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
    response: z.object({ exists: z.boolean(), is_private: z.boolean(), is_owner: z.boolean() }),
  }),
});

export const updateQuestionFile = defineRoute({
  method: 'PATCH',
  path: '/api/question-files/{name}/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
    body: z.object({ is_public: flagSchema() }),
    response: z.object({ success: z.literal(true), file: questionFileSchema() }),
  }),
});

export const deleteQuestionFile = defineRoute({
  method: 'DELETE',
  path: '/api/question-files/{name}/delete/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
});

export const downloadQuestionFile = defineRoute({
  method: 'GET',
  path: '/api/question-files/{name}/download/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
  }),
});

/** Sample spreadsheets generated from the format rules: `ko` or `en` (xlsx). */
export const downloadSampleFile = defineRoute({
  method: 'GET',
  path: '/api/question-files/samples/{lang}/',
  access: 'public',
  schemas: () => ({
    params: z.object({ lang: languageSchema() }),
  }),
});

/**
 * GET /api/questions/ (spec 2 §7, create-exam's pool total): how many questions all question
 * files hold together. A sharded counter moved in the same transaction as each file record.
 */
export const questionPoolCount = defineRoute({
  method: 'GET',
  path: '/api/questions/',
  access: 'public',
  schemas: () => ({
    response: z.object({ count: z.number().int() }),
  }),
});
