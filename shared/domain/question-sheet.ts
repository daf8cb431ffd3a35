import * as z from 'zod/mini';
import { normalizeDifficulty, type Difficulty } from './difficulty.js';
import type { Language } from './language.js';

/**
 * The question spreadsheet format (issue 4, docs/product.md#question-files): which headers mean which
 * column, and how a data row becomes a question. Pure rules, shared by the importer and the web
 * screen's format example; parsing the bytes is the importer's job.
 */

export const QUESTION_SHEET_LIMITS = {
  /** Bytes of the uploaded file (413 above). */
  maxFileBytes: 10 * 1024 * 1024,
  /** Sum of a zip's uncompressed entry sizes, checked before parsing (zip bombs; 413 above). */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Data rows below the header (400 above). */
  maxRows: 20_000,
  /** Characters in one cell (400 above); keeps every question item far below DynamoDB's 400 KB. */
  maxCellChars: 10_000,
  /** Characters of a file name. */
  maxFileNameChars: 200,
} as const;

export const SHEET_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
export type SheetExtension = (typeof SHEET_EXTENSIONS)[number];

export const QUESTION_COLUMNS = [
  'csv_id',
  'title',
  'content',
  'answer',
  'explanation',
  'difficulty',
  'url',
  'group_id',
] as const;
export type QuestionColumn = (typeof QUESTION_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly QuestionColumn[] = ['csv_id', 'title', 'content', 'answer'];

/** The header written in sample and download sheets, per language. */
export const COLUMN_LABELS: Record<QuestionColumn, Record<Language, string>> = {
  csv_id: { ko: '문제id', en: 'Question ID' },
  title: { ko: '제목', en: 'Title' },
  content: { ko: '문제 내용', en: 'Question Content' },
  answer: { ko: '정답', en: 'Answer' },
  explanation: { ko: '설명', en: 'Explanation' },
  difficulty: { ko: '난이도', en: 'Difficulty' },
  url: { ko: 'URL', en: 'URL' },
  group_id: { ko: '그룹ID', en: 'Group ID' },
};

/** Accepted spellings, compared after {@link headerKey} folding (case, spaces, _ - . ignored). */
const ALIASES: Record<QuestionColumn, string[]> = {
  csv_id: ['문제id', '문제번호', '문항id', '번호', 'questionid', 'question_id', 'csvid', 'csv_id', 'id', 'qid', 'no'],
  title: ['제목', '문제제목', 'title', 'questiontitle'],
  content: ['문제내용', '내용', '문제', 'questioncontent', 'content', 'question', 'body'],
  answer: ['정답', '답', '답안', 'answer', 'correctanswer'],
  explanation: ['설명', '해설', 'explanation', 'description'],
  difficulty: ['난이도', 'difficulty', 'level'],
  url: ['url', 'link', '링크', '주소'],
  group_id: ['그룹id', '그룹', 'groupid', 'group_id', 'group'],
};

/** Folds a header for comparison: width, case, whitespace and the separators _ - . are ignored. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

const ALIAS_LOOKUP = new Map<string, QuestionColumn>(
  QUESTION_COLUMNS.flatMap((column) => ALIASES[column].map((alias) => [headerKey(alias), column] as const)),
);

export type HeaderMapping =
  | { ok: true; columns: Partial<Record<QuestionColumn, number>> }
  | { ok: false; missing: QuestionColumn[]; found: string[] };

/** Finds each known column in the header row; the first matching header wins. */
export function mapHeaders(headers: readonly string[]): HeaderMapping {
  const columns: Partial<Record<QuestionColumn, number>> = {};
  headers.forEach((header, index) => {
    const column = ALIAS_LOOKUP.get(headerKey(String(header ?? '')));
    if (column && columns[column] === undefined) columns[column] = index;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => columns[c] === undefined);
  if (missing.length > 0) {
    return { ok: false, missing, found: headers.map((h) => String(h ?? '').trim()).filter((h) => h !== '') };
  }
  return { ok: true, columns };
}

/** One question as the importer stores it: text in the uploader's language fields. */
export interface SheetQuestion {
  csv_id: string;
  title: string;
  content: string;
  answer: string;
  explanation: string;
  difficulty: Difficulty;
  url: string;
  group_id: string;
}

export interface SheetStats {
  /** Non-empty data rows under the header. */
  total_rows: number;
  imported: number;
  /** skipped_blank_answer + duplicates_removed. */
  skipped: number;
  skipped_blank_answer: number;
  duplicates_removed: number;
  /** Ids given to rows whose id cell was blank. */
  ids_assigned: number;
  errors: number;
}

export type RowsOutcome =
  | { ok: true; questions: SheetQuestion[]; stats: SheetStats }
  | { ok: false; code: 'sheet_cell_too_long'; row: number; column: QuestionColumn }
  | { ok: false; code: 'sheet_too_many_rows'; rows: number }
  | { ok: false; code: 'sheet_no_questions' };

/** Cell text: numbers as written, everything trimmed; null and undefined are blank. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/** Urls written as nan (pandas' empty cell) are cleared, in any case. */
export function cleanUrl(value: string): string {
  return value.trim().toLowerCase() === 'nan' ? '' : value.trim();
}

/**
 * Turns the data rows (under the header) into questions:
 * empty rows ignored; identical rows removed and counted; rows with a blank answer skipped and
 * counted; blank ids get the next number after the highest numeric id; difficulty normalised;
 * url nan cleared. Caps: {@link QUESTION_SHEET_LIMITS.maxRows} rows, maxCellChars per cell.
 * `row` in a refusal is the 1-based spreadsheet row (the header is row 1).
 */
export function normalizeRows(
  rows: readonly (readonly unknown[])[],
  columns: Partial<Record<QuestionColumn, number>>,
): RowsOutcome {
  const records: { row: number; values: Record<QuestionColumn, string> }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    const values = {} as Record<QuestionColumn, string>;
    let any = false;
    for (const column of QUESTION_COLUMNS) {
      const index = columns[column];
      const text = index === undefined ? '' : cellText(cells[index]);
      if (text.length > QUESTION_SHEET_LIMITS.maxCellChars) {
        return { ok: false, code: 'sheet_cell_too_long', row: i + 2, column };
      }
      values[column] = text;
      if (text !== '') any = true;
    }
    if (!any) continue;
    records.push({ row: i + 2, values });
    if (records.length > QUESTION_SHEET_LIMITS.maxRows) {
      return { ok: false, code: 'sheet_too_many_rows', rows: countNonEmpty(rows) };
    }
  }

  const seen = new Set<string>();
  let duplicates = 0;
  let blankAnswers = 0;
  const kept: Record<QuestionColumn, string>[] = [];
  for (const { values } of records) {
    const fingerprint = JSON.stringify(QUESTION_COLUMNS.map((c) => values[c]));
    if (seen.has(fingerprint)) {
      duplicates++;
      continue;
    }
    seen.add(fingerprint);
    if (values.answer === '') {
      blankAnswers++;
      continue;
    }
    kept.push(values);
  }

  let nextId = kept.reduce((max, v) => {
    const n = /^\d+$/.test(v.csv_id) ? Number(v.csv_id) : Number.NaN;
    return Number.isSafeInteger(n) && n > max ? n : max;
  }, 0);
  let assigned = 0;
  const questions = kept.map((v): SheetQuestion => {
    let csvId = v.csv_id;
    if (csvId === '') {
      nextId += 1;
      assigned += 1;
      csvId = String(nextId);
    }
    return {
      csv_id: csvId,
      title: v.title,
      content: v.content,
      answer: v.answer,
      explanation: v.explanation,
      difficulty: normalizeDifficulty(v.difficulty),
      url: cleanUrl(v.url),
      group_id: v.group_id,
    };
  });
  if (questions.length === 0) return { ok: false, code: 'sheet_no_questions' };
  return {
    ok: true,
    questions,
    stats: {
      total_rows: records.length,
      imported: questions.length,
      skipped: blankAnswers + duplicates,
      skipped_blank_answer: blankAnswers,
      duplicates_removed: duplicates,
      ids_assigned: assigned,
      errors: 0,
    },
  };
}

function countNonEmpty(rows: readonly (readonly unknown[])[]): number {
  return rows.filter((cells) => cells.some((c) => cellText(c) !== '')).length;
}

/** The language-specific fields a question's text is stored in (title_ko, content_ko, …). */
export function localizedQuestionFields(question: SheetQuestion, language: Language) {
  return {
    [`title_${language}`]: question.title,
    [`content_${language}`]: question.content,
    [`answer_${language}`]: question.answer,
    [`explanation_${language}`]: question.explanation,
  } as Record<`${'title' | 'content' | 'answer' | 'explanation'}_${Language}`, string>;
}

/** A file name as stored: the base name, control characters removed, a known extension required. */
export function sheetExtension(fileName: string): SheetExtension | null {
  const match = /\.([A-Za-z]+)$/.exec(fileName.trim());
  const ext = match?.[1]?.toLowerCase();
  return (SHEET_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as SheetExtension) : null;
}

export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return (
    base
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what a file name must not keep
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
  );
}

/** A file name the API accepts: 1–200 characters, no path, a spreadsheet extension. A factory: nothing is built at import (D99). */
export const sheetFileNameSchema = () =>
  z.pipe(
    z.pipe(z.string(), z.transform(cleanFileName)),
    z.string().check(
      z.minLength(1),
      z.maxLength(QUESTION_SHEET_LIMITS.maxFileNameChars),
      z.refine((name) => sheetExtension(name) !== null, { message: 'extension must be .xlsx, .xls or .csv' }),
    ),
  );
