import * as z from 'zod/mini';
import { preprocess } from './preprocess.js';
import { defineRoute, type ResponseOf } from './define-route.js';
import { lazy } from './lazy.js';
import { exportJobAnswer } from './exports.js';
import { columnMappingSchema, importReportSchema, raggedRowsSchema, sheetReadingSchema } from './import-report.js';
import { keyable } from '../domain/key-text.js';
import { languageSchema } from '../domain/language.js';
import { TEXT_FORMATS } from '../domain/rich-text.js';
import {
  COLUMN_ROLES,
  EXPORT_FORMATS,
  SHEET_ENCODINGS,
  SHEET_QUOTE_MODES,
  SHEET_HEADER_MODES,
  SHEET_TEXT_FORMATS,
} from '../domain/question-sheet.js';

export {
  columnMappingSchema,
  importReportSchema,
  importedImagesSchema,
  sheetFormatSchema,
  sheetReadingSchema,
  type ImportReport,
} from './import-report.js';

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
    skipped_too_long: z.number().check(z.int()),
    ids_assigned: z.number().check(z.int()),
    with_choices: z.number().check(z.int()),
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

/** What an import did besides the questions: rows not imported (line, reason), columns kept as extra, cells the parser repaired. */

const importAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    file: questionFileSchema(),
    stats: importStatsSchema(),
    replaced: z.boolean(),
    report: importReportSchema(),
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
      /** The confirmed mapping; without it the proposal of the preview is used. */
      mapping: z.optional(columnMappingSchema()),
      /** The reading confirmed in the preview; without it everything is detected as the preview did. */
      reading: z.optional(sheetReadingSchema()),
    }),
  }),
  response: () => importAnswer(),
});

/**
 * Reads an uploaded file without writing anything (the pending upload stays for the import):
 * detected format, the proposed and chosen role of each column, the first questions as they would
 * be stored (images still as their references: nothing is fetched or stored, D259), and every warning. With a mapping, shows what that mapping would import.
 */
export const previewUploadedFile = defineRoute({
  method: 'POST',
  path: '/api/question-files/preview/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      upload_id: z.string().check(z.regex(/^[a-z0-9]{16,64}$/)),
      file_name: keyable(z.string().check(z.minLength(1), z.maxLength(300))),
      mapping: z.optional(columnMappingSchema()),
      reading: z.optional(sheetReadingSchema()),
    }),
  }),
  response: () =>
    z.extend(importReportSchema(), {
      columns: z.array(z.object({ name: z.string(), role: z.enum(COLUMN_ROLES), proposed: z.enum(COLUMN_ROLES) })),
      rows: z.array(
        z.object({
          line: z.number().check(z.int()),
          csv_id: z.string(),
          title: z.string(),
          content: z.string(),
          answer: z.string(),
          explanation: z.string(),
          /**
           * `markdown` when the row names an image (D259): its texts keep the references (a deck's
           * `anki-media:<name>`, a sheet's URL), which are fetched and stored only by the import.
           */
          format: z.enum(TEXT_FORMATS),
        }),
      ),
      stats: importStatsSchema(),
      /**
       * The reading the preview used, every choice resolved (what the learner chose, else what was
       * detected); workbooks and decks: null delimiters and encoding, quotes `auto`.
       */
      reading: z.object({
        delimiter: z.nullable(z.string()),
        record_delimiter: z.nullable(z.string()),
        quotes: z.enum(SHEET_QUOTE_MODES),
        encoding: z.nullable(z.enum(SHEET_ENCODINGS)),
        header: z.enum(SHEET_HEADER_MODES),
        text_format: z.enum(SHEET_TEXT_FORMATS),
      }),
      /**
       * Whole-file counts, never of a sample: records read, questions they make, records skipped, and
       * records whose field count differs from the file's usual count (listed in `ragged_rows`).
       */
      counts: z.object({
        records: z.number().check(z.int()),
        questions: z.number().check(z.int()),
        skipped: z.number().check(z.int()),
        ragged: z.number().check(z.int()),
        usual_fields: z.number().check(z.int()),
      }),
      ragged_rows: raggedRowsSchema(),
      /** A reading of the same file that leaves fewer ragged records than the one used, with its count: offered, never applied unasked. */
      suggestion: z.optional(
        z.object({
          reading: sheetReadingSchema(),
          ragged: z.number().check(z.int()),
          questions: z.number().check(z.int()),
        }),
      ),
    }),
});
export type ImportPreview = ResponseOf<typeof previewUploadedFile>;

/** Files a page of GET /api/question-files/ holds unless `page_size` says otherwise (at most 200). */
export const FILE_PAGE_SIZE = 100;

/**
 * GET /api/question-files/: own and public files (admins: all, optionally by visibility) in name order,
 * `page_size` at a time; `next` is the cursor of the following page (null at the end).
 */
export const listQuestionFiles = defineRoute({
  method: 'GET',
  path: '/api/question-files/',
  access: 'signed-in',
  schemas: () => ({
    query: z.object({
      is_public: z.optional(flagSchema()),
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), FILE_PAGE_SIZE)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
    }),
  }),
  response: () => z.object({ files: z.array(questionFileSchema()), next: z.nullable(z.string()) }),
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

/** `?format=xlsx|csv|txt` of the export routes (txt: Anki's plain-text import format); xlsx when absent. */
export const exportFormatQuery = /* @__PURE__ */ lazy(() =>
  z.object({ format: z._default(z.enum(EXPORT_FORMATS), 'xlsx') }),
);

/**
 * The questions of a file, as stored (readers of the file): `.xlsx`, UTF-8 `.csv` or Anki-ready
 * `.txt`, with the format's headers in the caller's language; re-importing it gives the same
 * questions. Unlike `download/` (the uploaded bytes), it is written from the stored questions.
 */
export const exportQuestionFile = defineRoute({
  method: 'GET',
  path: '/api/question-files/{name}/export/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
    query: exportFormatQuery(),
  }),
});

/**
 * Starts building the same export in the background (D198), for anyone who may read the file (404
 * otherwise): 202 with the job (`/api/exports/{id}/`). The web's path; the GET stays for scripts,
 * inline and refused past 4 MB.
 */
export const startQuestionFileExport = defineRoute({
  method: 'POST',
  path: '/api/question-files/{name}/export/',
  access: 'signed-in',
  schemas: () => ({
    params: fileRef(),
    query: exportFormatQuery(),
  }),
  response: () => exportJobAnswer(),
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
