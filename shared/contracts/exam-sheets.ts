import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { exportJobAnswer } from './exports.js';
import { examIdParam } from './exam-schemas.js';
import { exportFormatQuery, importedImagesSchema, uploadedFileSchema } from './files.js';

/**
 * The exam routes that read or write spreadsheets and question files: the admin exam sheets and
 * the exam detail's question import and update (docs/product.md#exam-management). All are served by the `files`
 * group, which carries SheetJS, except the connected-file import (`exams` group).
 */

/** Admin: every exam as exams_{timestamp}.xlsx (docs/product.md#exam-management). */
export const downloadExamsSheet = defineRoute({
  method: 'GET',
  path: '/api/exams/download-excel/',
  access: 'admin',
});

/**
 * An exam's questions in order (readers of the exam; 404 otherwise) as `.xlsx`, UTF-8 `.csv` or
 * Anki-ready `.txt` (`?format=`), the same columns as a question file's export.
 */
export const exportExamQuestions = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/export/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    query: exportFormatQuery(),
  }),
});

/** Starts building the same export in the background (D198): 202 with the job; 404 for whoever may not read the exam. */
export const startExamExport = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/export/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    query: exportFormatQuery(),
  }),
  response: () => exportJobAnswer(),
});

/** Admin: one exam per row of an .xlsx/.xls (the download's columns), with stats (docs/product.md#exam-management). */
export const uploadExamsSheet = defineRoute({
  method: 'POST',
  path: '/api/exams/upload-excel/',
  access: 'admin',
  bodyKind: 'multipart',
  schemas: () => ({
    body: z.looseObject({ file: uploadedFileSchema() }),
  }),
  response: () =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      stats: z.object({
        total_exams: z.number().check(z.int()),
        created: z.number().check(z.int()),
        skipped: z.number().check(z.int()),
        errors: z.number().check(z.int()),
        error_details: z.array(z.string()),
      }),
    }),
});

/** Question import stats of docs/product.md#exam-management (`errors` counts rows that could not be added). */
export const questionImportStatsSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    total_rows: z.number().check(z.int()),
    imported: z.number().check(z.int()),
    skipped: z.number().check(z.int()),
    errors: z.number().check(z.int()),
  }),
);

/**
 * POST /api/exam/{examId}/import-from-connected-file/ (editors of the exam): adds the questions of
 * the exam's source file (`file_id`) that the exam does not hold yet — matched by question id, so
 * a second call imports nothing (`skipped` = rows already there). 404 `exam_not_found`, 403
 * `exam_forbidden`, 400 `exam_no_connected_file` (no file or the file is gone), 400
 * `exam_question_limit` when the exam would pass 2,000 questions.
 */
export const importFromConnectedFile = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/import-from-connected-file/',
  access: 'signed-in',
  schemas: () => ({
    params: examIdParam(),
    body: z.looseObject({}),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string(), stats: questionImportStatsSchema() }),
});

/**
 * Question update stats of docs/product.md#exam-management; `error_details` name the rows (unknown
 * question ids, blank required cells, images not stored). `images`: only when the sheet's texts
 * named images (D257) — how many were stored under the exam, and each refused one by row.
 */
export const questionUpdateStatsSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    total_rows: z.number().check(z.int()),
    updated: z.number().check(z.int()),
    skipped: z.number().check(z.int()),
    errors: z.number().check(z.int()),
    error_details: z.array(z.string()),
    images: z.optional(importedImagesSchema()),
  }),
);

/**
 * POST /api/exam/{examId}/update-questions-from-excel/ (multipart `file`, .xlsx/.xls/.csv; editors
 * of the exam; served by the `files` group, which parses sheets): each row updates the exam's
 * question whose `csv_id` equals the row's question id, in place (position and question id kept,
 * so statistics and favorites stay). Unknown ids are skipped and listed in `error_details`. A row
 * holding a cloze note, matched by the id an export writes for it, edits the note's cards (D457).
 * Images in the texts (a Markdown image or an image URL line, as on an import, D177) are fetched,
 * checked and stored under the exam (D257); a refused one leaves its alt text and a row detail.
 * All-or-nothing: a file that cannot be read (type, size, zip guard, missing required columns)
 * answers 400 with nothing changed, as does a failed write (what was written is restored and the
 * images stored for it are deleted).
 */
export const updateQuestionsFromExcel = defineRoute({
  method: 'POST',
  path: '/api/exam/{examId}/update-questions-from-excel/',
  access: 'signed-in',
  bodyKind: 'multipart',
  schemas: () => ({
    params: examIdParam(),
    body: z.looseObject({ file: uploadedFileSchema() }),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string(), stats: questionUpdateStatsSchema() }),
});
