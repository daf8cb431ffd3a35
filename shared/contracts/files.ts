import * as z from 'zod/mini';
import { preprocess } from './preprocess.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { keyable } from '../domain/key-text.js';
import { languageSchema } from '../domain/language.js';

/** `true`/`false`, `1`/`0`, `on` from forms and query strings. */
export const flagSchema = /* @__PURE__ */ lazy(() =>
  preprocess((value) => {
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
    total_rows: z.number().check(z.int()),
    imported: z.number().check(z.int()),
    skipped: z.number().check(z.int()),
    skipped_blank_answer: z.number().check(z.int()),
    duplicates_removed: z.number().check(z.int()),
    ids_assigned: z.number().check(z.int()),
    errors: z.number().check(z.int()),
  }),
);
export type ImportStats = z.infer<ReturnType<typeof importStatsSchema>>;

/** docs/product.md#question-files question file, plus the id (unambiguous across owners) and question_count. */
export const questionFileSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    size: z.number().check(z.int()),
    modified: z.number().check(z.int()),
    max_questions: z.number().check(z.int()),
    question_count: z.number().check(z.int()),
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
    mimetype: z.optional(z.string()),
    encoding: z.optional(z.string()),
    truncated: z.optional(z.boolean()),
    content: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'file content expected' }),
  }),
);

/** `{name}` in file routes: a file id from the list, or a file name resolved in the caller's view. */
const fileRef = /* @__PURE__ */ lazy(() =>
  z.object({ name: keyable(z.string().check(z.minLength(1), z.maxLength(300))) }),
);

export const uploadQuestions = defineRoute({
  method: 'POST',
  path: '/api/upload-questions/',
  access: 'signed-in',
  bodyKind: 'multipart',
  schemas: () => ({
    body: z.object({
      file: z.extend(uploadedFileSchema(), { filename: keyable(z.string()) }),
      is_public: z._default(flagSchema(), true),
    }),
  }),
  response: () => importAnswer(),
});

export const createUploadUrl = defineRoute({
  method: 'POST',
  path: '/api/question-files/upload-url/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      file_name: keyable(z.string().check(z.minLength(1), z.maxLength(300))),
      size: z.number().check(z.int(), z.gte(1)),
      content_type: z.optional(z.string().check(z.maxLength(200))),
    }),
  }),
  response: () =>
    z.object({
      upload_id: z.string(),
      url: z.string(),
      method: z.literal('PUT'),
      headers: z.record(z.string(), z.string()),
      expires_in: z.number().check(z.int()),
      max_bytes: z.number().check(z.int()),
    }),
});

export const importUploadedFile = defineRoute({
  method: 'POST',
  path: '/api/question-files/import/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      upload_id: z.string().check(z.regex(/^[a-z0-9]{16,64}$/)),
      file_name: keyable(z.string().check(z.minLength(1), z.maxLength(300))),
      is_public: z._default(flagSchema(), true),
    }),
  }),
  response: () => importAnswer(),
});

export const listQuestionFiles = defineRoute({
  method: 'GET',
  path: '/api/question-files/',
  access: 'signed-in',
  schemas: () => ({
    query: z.object({ is_public: z.optional(flagSchema()) }),
  }),
  response: () => z.object({ files: z.array(questionFileSchema()) }),
});

export const checkExistingFile = defineRoute({
  method: 'GET',
  path: '/api/question-files/check-existing/{name}/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
  }),
  response: () => z.object({ exists: z.boolean(), is_private: z.boolean(), is_owner: z.boolean() }),
});

export const updateQuestionFile = defineRoute({
  method: 'PATCH',
  path: '/api/question-files/{name}/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
    body: z.object({ is_public: flagSchema() }),
  }),
  response: () => z.object({ success: z.literal(true), file: questionFileSchema() }),
});

export const deleteQuestionFile = defineRoute({
  method: 'DELETE',
  path: '/api/question-files/{name}/delete/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
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
 * GET /api/questions/ (docs/product.md#question-files, create-exam's pool total): how many questions all question
 * files hold together. A sharded counter moved in the same transaction as each file record.
 */
export const questionPoolCount = defineRoute({
  method: 'GET',
  path: '/api/questions/',
  access: 'public',
  response: () => z.object({ count: z.number().check(z.int()) }),
});
