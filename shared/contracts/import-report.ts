import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import {
  COLUMN_ROLES,
  QUESTION_SHEET_LIMITS,
  SHEET_ENCODINGS,
  SHEET_EXTENSIONS,
  SKIP_REASONS,
  SHEET_READING_DELIMITERS,
  SHEET_RECORD_DELIMITERS,
  SHEET_QUOTE_MODES,
  SHEET_HEADER_MODES,
  SHEET_TEXT_FORMATS,
} from '../domain/question-sheet.js';

/** How a question file was read and what its import did: the report of the import and the preview, and the learner's reading. */

/** How a sheet was read (shared/domain/question-sheet.ts names the accepted values). */
export const sheetFormatSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    kind: z.enum(['workbook', 'text', 'package']),
    extension: z.enum(SHEET_EXTENSIONS),
    encoding: z.nullable(z.enum(SHEET_ENCODINGS)),
    bom: z.boolean(),
    delimiter: z.nullable(z.string()),
    record_delimiter: z.nullable(z.string()),
    source: z.enum(['workbook', 'anki', 'delimited', 'apkg', 'gift', 'aiken', 'moodle_xml']),
    html: z.boolean(),
  }),
);

/** Images the questions pointed at (D174, D177, D257): how many were stored, and each one refused, by row. */
export const importedImagesSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    stored: z.number().check(z.int()),
    warnings: z.array(z.object({ line: z.number().check(z.int()), name: z.string(), code: z.string() })),
  }),
);

/** Records whose field count differs from the file's usual count, by line (at most the report's list limit). */
export const raggedRowsSchema = /* @__PURE__ */ lazy(() =>
  z.array(z.object({ line: z.number().check(z.int()), fields: z.number().check(z.int()) })),
);

export const importReportSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    format: sheetFormatSchema(),
    headerless: z.boolean(),
    skipped_rows: z.array(
      z.object({
        line: z.number().check(z.int()),
        reason: z.enum(SKIP_REASONS),
        column: z.optional(z.string()),
        type: z.optional(z.string()),
      }),
    ),
    extra_columns: z.array(z.string()),
    ignored_columns: z.array(z.string()),
    repairs: z.array(
      z.object({
        line: z.number().check(z.int()),
        kind: z.enum(['quote_after_space', 'quotes_as_text', 'cell_over_lines']),
      }),
    ),
    ragged_rows: raggedRowsSchema(),
    /** An Anki package: its notes, the cloze notes not imported, and the media (images, sounds) left behind. */
    deck: z.optional(
      z.object({
        notes: z.number().check(z.int()),
        cloze_skipped: z.number().check(z.int()),
        media_skipped: z.array(z.string()),
      }),
    ),
    /** Records of a type the reader cannot turn into questions (Anki's Cloze, GIFT's essay), by type, with their count. */
    types_skipped: z.optional(z.array(z.object({ name: z.string(), count: z.number().check(z.int()) }))),
    /** Images the questions pointed at (D174, D177): how many were stored with the file, and each one refused, by row. */
    images: z.optional(importedImagesSchema()),
  }),
);
export type ImportReport = z.infer<ReturnType<typeof importReportSchema>>;

/** The learner's reading choices in the preview (delimiter, quotes, encoding, header, text format); left out: detected. */
export const sheetReadingSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    delimiter: z.optional(z.enum(SHEET_READING_DELIMITERS)),
    record_delimiter: z.optional(z.enum(SHEET_RECORD_DELIMITERS)),
    quotes: z.optional(z.enum(SHEET_QUOTE_MODES)),
    encoding: z.optional(z.enum(SHEET_ENCODINGS)),
    header: z.optional(z.enum(SHEET_HEADER_MODES)),
    text_format: z.optional(z.enum(SHEET_TEXT_FORMATS)),
  }),
);

/** One role per source column (question field, option, options, extra, ignore), as the preview proposes and the user changes it. */
export const columnMappingSchema = /* @__PURE__ */ lazy(() =>
  z.array(z.enum(COLUMN_ROLES)).check(z.maxLength(QUESTION_SHEET_LIMITS.maxColumns)),
);
