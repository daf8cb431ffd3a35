import * as XLSX from '#xlsx-writer';
import type { Language } from '#shared/domain/language.js';
import {
  COLUMN_LABELS,
  EXPORT_COLUMNS,
  type ExportFormat,
  type QuestionColumn,
  type SheetQuestion,
} from '#shared/domain/question-sheet.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import type { StoredQuestion } from './entities/stored-question.js';
import { neutralizeCell } from './importer/export-marker.js';
import { SHEET_NAMES } from './samples.js';

/**
 * Question files and exams as files a learner takes elsewhere (never locked in): an
 * .xlsx, a UTF-8 CSV (with a BOM, so Excel reads Hangul), or Anki's plain-text import format
 * (`#separator:tab`, `#html:false`, `#columns:` naming each column). Choices stay in the question
 * as its `1) …` lines and a choice answer as its number, so re-importing an export gives the same
 * questions; the headers are the format's own, which the importer maps back.
 *
 * The text formats are opened by spreadsheet programs too: every cell is quoted and one starting
 * like a formula gets a single quote before it (OWASP's CSV-injection advice); the importer
 * recognises our export and takes that quote off again (importer/export-marker.ts). The .xlsx
 * needs neither: its cells are string cells (`t: 's'`), never formulas.
 */

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** A stored question's text in `language`, else in the other language (a question holds one or both). */
export function exportedQuestion(question: StoredQuestion, language: Language): SheetQuestion {
  const other: Language = language === 'ko' ? 'en' : 'ko';
  const own = text(question[`content_${language}`]) !== '';
  const lang = own ? language : other;
  const field = (name: string) => text(question[`${name}_${lang}`]);
  return {
    csv_id: text(question.csv_id),
    title: field('title'),
    content: field('content'),
    answer: field('answer'),
    explanation: field('explanation'),
    difficulty: normalizeDifficulty(question.difficulty),
    url: text(question.url),
    group_id: text(question.group_id),
    ...(typeof question.cloze === 'number' && text(question.cloze_note) !== ''
      ? { cloze: question.cloze, cloze_note: text(question.cloze_note) }
      : {}),
  };
}

/**
 * Cloze cards go out as their note (D369): the first card of a note becomes one row holding the note
 * with its `{{cN::…}}` gaps and a blank answer — what Anki's Cloze type and our importer read back
 * as the same cards — and its siblings are left out. Its id and title lose the card's `-cN` / `(cN)`.
 */
export function foldClozeSiblings(questions: readonly SheetQuestion[]): SheetQuestion[] {
  const notes = new Set<string>();
  const rows: SheetQuestion[] = [];
  for (const question of questions) {
    const { cloze, cloze_note: note, ...row } = question;
    if (cloze === undefined || note === undefined) {
      rows.push(row);
      continue;
    }
    if (notes.has(note)) continue;
    notes.add(note);
    const suffix = new RegExp(`-c${cloze}$`);
    rows.push({
      ...row,
      csv_id: row.csv_id.replace(suffix, ''),
      // A title made from the card's own words is made again on import; a given one lost its `(cN)`.
      title: / \(c\d+\)$/.test(row.title) ? row.title.replace(/ \(c\d+\)$/, '') : '',
      content: note,
      answer: '',
    });
  }
  return rows;
}

function rowsOf(questions: readonly SheetQuestion[], language: Language): string[][] {
  const columns: readonly QuestionColumn[] = EXPORT_COLUMNS;
  return [columns.map((c) => COLUMN_LABELS[c][language]), ...questions.map((q) => columns.map((c) => q[c]))];
}

/** An export's file name: `baseName` (a file's name without its extension, an exam's title) and the format's extension. */
export const exportFileName = (baseName: string, format: ExportFormat) => `${baseName.trim() || 'questions'}.${format}`;

/** The bytes of an export, and its file name from `baseName` (a file's name without its extension, an exam's title). */
export function exportQuestions(
  questions: readonly SheetQuestion[],
  language: Language,
  format: ExportFormat,
  baseName: string,
): { bytes: Uint8Array; fileName: string; contentType: string } {
  const rows = rowsOf(foldClozeSiblings(questions), language);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const fileName = exportFileName(baseName, format);
  let bytes: Uint8Array;
  if (format === 'xlsx') {
    sheet['!cols'] = [{ wch: 60 }, { wch: 40 }, { wch: 50 }, { wch: 10 }, { wch: 24 }, { wch: 10 }, { wch: 40 }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, SHEET_NAMES[language]);
    bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
  } else if (format === 'csv') {
    const [header, ...body] = rows;
    const safe = XLSX.utils.aoa_to_sheet([header!, ...body.map((row) => row.map(neutralizeCell))]);
    bytes = Buffer.from(`\uFEFF${XLSX.utils.sheet_to_csv(safe, { FS: ',', RS: '\n', forceQuotes: true })}\n`);
  } else {
    // Anki reads the header lines, then one note per record; every field is quoted the CSV way,
    // which Anki's importer (and ours) read back.
    const [header, ...body] = rows;
    const safe = XLSX.utils.aoa_to_sheet(body.map((row) => row.map(neutralizeCell)));
    const records = XLSX.utils.sheet_to_csv(safe, { FS: '\t', RS: '\n', forceQuotes: true });
    bytes = Buffer.from(`#separator:tab\n#html:false\n#columns:${header!.join('\t')}\n${records}\n`);
  }
  return { bytes, fileName, contentType: EXPORT_CONTENT_TYPES[format] };
}
