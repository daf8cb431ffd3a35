/** The import preview: the file read as the import would read it, and nothing written. */
import {
  REPORT_LIST_LIMIT,
  SHEET_READING_DELIMITERS,
  SHEET_RECORD_DELIMITERS,
  normalizeRows,
  type ColumnRole,
  type SheetColumns,
  type SheetReading,
} from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { readQuestionSheet, raggedRows, rowsRefusal } from './import.js';
import { readerReport, type ParsedSheet } from './parsed-sheet.js';
import { previewImageTexts } from './import-images.js';

/** How many questions a preview shows. */
export const PREVIEW_ROWS = 10;

/**
 * The preview of an upload (nothing written): how the file was read, the proposed role of each
 * column and the chosen one, the first questions exactly as they would be stored, and every warning.
 */
export async function previewQuestionSheet(
  bytes: Uint8Array,
  fileName: string,
  mapping?: readonly ColumnRole[],
  reading: SheetReading = {},
) {
  const read = await readQuestionSheet(bytes, fileName, mapping, reading, { suggest: true });
  const outcome = normalizeRows(read.rows, read.mapping, read.lines, { textFormat: reading.text_format });
  if (!outcome.ok) throw rowsRefusal(outcome);
  const { sheet } = read;
  const ragged = raggedRows(sheet);
  return {
    format: sheet.format,
    headerless: read.mapping.headerless,
    columns: read.mapping.roles.map((role, i) => ({
      name: read.mapping.names[i] ?? '',
      role,
      proposed: read.proposed.roles[i] ?? 'extra',
    })),
    rows: outcome.questions.slice(0, PREVIEW_ROWS).map((q, i) => {
      const texts = previewImageTexts(q, !sheet.media);
      return {
        line: outcome.lines[i] ?? 0,
        csv_id: q.csv_id,
        title: texts.title,
        content: texts.content,
        answer: texts.answer,
        explanation: texts.explanation,
        format: q.format === 'markdown' ? q.format : texts.format,
      };
    }),
    stats: outcome.stats,
    ...readerReport(read.sheet, outcome.skipped_rows),
    extra_columns: outcome.extra_columns,
    ignored_columns: outcome.ignored_columns,
    repairs: sheet.repairs.slice(0, REPORT_LIST_LIMIT),
    ...(sheet.deck ? { deck: sheet.deck } : {}),
    reading: resolvedReading(sheet, read.mapping, reading),
    counts: {
      // A reader's own skips (a Cloze note, an essay question) are records of the file too.
      records: outcome.stats.total_rows + (sheet.skipped?.length ?? 0),
      questions: outcome.questions.length,
      skipped: outcome.stats.skipped + (sheet.skipped?.length ?? 0),
      ragged: sheet.shape?.ragged.length ?? 0,
      usual_fields: sheet.shape?.usual ?? read.mapping.roles.length,
    },
    ragged_rows: ragged,
    ...(await suggestedReading(bytes, fileName, sheet, reading)),
  };
}

/** Records of an unusual field count, listed up to the report's limit (the count is whole). */

/** The reading the sheet was read with, every choice resolved: the learner's where given, else what was detected. */
function resolvedReading(sheet: ParsedSheet, columns: SheetColumns, reading: SheetReading) {
  const detectedHeader = sheet.declaredHeader || !columns.headerless ? 'yes' : 'no';
  return {
    delimiter: sheet.format.delimiter,
    record_delimiter: sheet.format.record_delimiter,
    quotes: sheet.shape?.quotes ?? reading.quotes ?? 'auto',
    encoding: sheet.format.encoding,
    header: reading.header && reading.header !== 'auto' ? reading.header : detectedHeader,
    text_format: reading.text_format ?? 'auto',
  } as const;
}

/**
 * A reading leaving fewer ragged records than the one used, with the questions it would make (the
 * same read and rows rule as the import): offered by the preview, applied only when the learner
 * picks it. Nothing when the reading used leaves none, or the other reading cannot be read.
 */
async function suggestedReading(bytes: Uint8Array, fileName: string, sheet: ParsedSheet, reading: SheetReading) {
  const better = sheet.shape?.suggestion;
  // Only a reading the learner could choose is offered (an Anki header's own separator is not one).
  const delimiter = SHEET_READING_DELIMITERS.find((d) => d === better?.delimiter);
  const records = SHEET_RECORD_DELIMITERS.find((d) => d === better?.record_delimiter);
  if (!better || !delimiter || !records) return {};
  const suggested: SheetReading = { ...reading, delimiter, record_delimiter: records, quotes: better.quotes };
  try {
    const other = await readQuestionSheet(bytes, fileName, undefined, suggested);
    const outcome = normalizeRows(other.rows, other.mapping, other.lines);
    if (!outcome.ok) return {};
    return { suggestion: { reading: suggested, ragged: better.ragged, questions: outcome.questions.length } };
  } catch (error) {
    if (error instanceof AppError) return {};
    throw error;
  }
}
