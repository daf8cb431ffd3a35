import type { Difficulty } from './difficulty.js';
import type { Language } from './language.js';
import type { TextFormat } from './rich-text.js';
import {
  COLUMN_LABELS,
  QUESTION_COLUMNS,
  optionColumnOrder,
  type ColumnRole,
  type QuestionColumn,
  type SheetColumns,
} from './question-sheet-columns.js';
import { QUESTION_SHEET_LIMITS, type SheetTextFormat } from './question-sheet-format.js';
import { hasCloze } from './cloze.js';
import {
  clozeRowCards,
  composeRow,
  fieldText,
  rowQuestion,
  type QuestionAtLine,
  type RowField,
  type RowLayout,
} from './question-sheet-compose.js';

/** How data rows become questions: which rows are kept, the skip reasons and the import's counts (each kept row is composed in question-sheet-compose.ts). */

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
  /** How the texts are stored (D279); the importer always sets it, other writers leave it plain. */
  format?: TextFormat;
  /** A cloze card (D366): its number, and the whole note it was made from (its content is card `cloze`'s question side). */
  cloze?: number;
  cloze_note?: string;
}

export interface SheetStats {
  /** Non-empty data rows under the header. */
  total_rows: number;
  imported: number;
  /** skipped_blank_answer + duplicates_removed + skipped_too_long. */
  skipped: number;
  skipped_blank_answer: number;
  duplicates_removed: number;
  /** Rows with a cell over the limit (the row is not imported, the others are). */
  skipped_too_long: number;
  /** Ids given to rows whose id cell was blank. */
  ids_assigned: number;
  /** Questions whose choices came from option columns or an options cell. */
  with_choices: number;
  errors: number;
}

/**
 * Why a row is not imported; `unsupported_type` (a Cloze note, an essay question) and
 * `unreadable_record` (a GIFT or Aiken record that follows no rule) are the quiz readers' own.
 */
export const SKIP_REASONS = [
  'blank_answer',
  'duplicate',
  'cell_too_long',
  'unsupported_type',
  'unreadable_record',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A row not imported: its line in the file (1-based), why, for a long cell the column's name, for an unsupported record its type. */
export interface SkippedRow {
  line: number;
  reason: SkipReason;
  column?: string;
  type?: string;
}

/** How many skipped rows and repairs a result lists one by one (the counts are always whole). */
export const REPORT_LIST_LIMIT = 200;

export type RowsOutcome =
  | {
      ok: true;
      questions: SheetQuestion[];
      lines: number[];
      stats: SheetStats;
      skipped_rows: SkippedRow[];
      extra_columns: string[];
      ignored_columns: string[];
    }
  | { ok: false; code: 'sheet_cell_too_long'; row: number; column: QuestionColumn }
  | { ok: false; code: 'sheet_too_many_rows'; rows: number }
  | { ok: false; code: 'sheet_too_many_columns'; columns: number }
  | { ok: false; code: 'sheet_no_questions' };

/** Cell text: numbers as written, everything trimmed; null and undefined are blank. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/** A composed field (question with its choices, explanation with kept columns) may reach this many characters. */
export const MAX_COMPOSED_CHARS = 2 * QUESTION_SHEET_LIMITS.maxCellChars;

type RowsInput = SheetColumns | Partial<Record<QuestionColumn, number>>;

export interface RowsOptions {
  /** How cell text is stored (D279): `auto` (the default) reads each question's cells for Markdown. */
  textFormat?: SheetTextFormat;
}

function toSheetColumns(input: RowsInput): SheetColumns {
  if ('roles' in input && Array.isArray(input.roles)) return input as SheetColumns;
  const columns = input as Partial<Record<QuestionColumn, number>>;
  const width = Math.max(-1, ...Object.values(columns).map((v) => v ?? -1)) + 1;
  const roles: ColumnRole[] = Array.from({ length: width }, () => 'ignore');
  for (const column of QUESTION_COLUMNS) if (columns[column] !== undefined) roles[columns[column]] = column;
  return { roles, names: roles.map(() => ''), headerless: false };
}

/** What the rows add up to as they are read. */
interface RowsTally {
  kept: QuestionAtLine[];
  skippedRows: SkippedRow[];
  /** Each row read so far, by its non-ignored cells: a row repeating one exactly is a duplicate. */
  seen: Set<string>;
  /** Columns kept in an explanation as `Name: value`. */
  extraUsed: Set<number>;
  total: number;
  duplicates: number;
  blankAnswers: number;
  tooLong: number;
  withChoices: number;
}

/**
 * Turns the data rows (under the header) into questions. Empty rows are ignored; a row is not
 * imported, and listed with its line and reason, when it repeats an earlier row exactly, has a
 * blank answer, or has a cell over {@link QUESTION_SHEET_LIMITS.maxCellChars}. Blank ids get the
 * next number after the highest numeric id; a blank title is the question's first words; choices
 * (option columns or an options cell) are appended to the question as `1) …` lines and an answer
 * naming a choice becomes its number; every extra column is appended to the explanation as
 * `Name: value`; each question is plain or Markdown by `settings.textFormat` (questionTextFormat).
 * `lines[i]` is the file line of `rows[i]` (default: i + 2, the header on line 1).
 */
export function normalizeRows(
  rows: readonly (readonly unknown[])[],
  input: RowsInput,
  lines?: readonly number[],
  settings: RowsOptions = {},
): RowsOutcome {
  const layout = rowLayout(input);
  const tally: RowsTally = {
    kept: [],
    skippedRows: [],
    seen: new Set(),
    extraUsed: new Set(),
    total: 0,
    duplicates: 0,
    blankAnswers: 0,
    tooLong: 0,
    withChoices: 0,
  };
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    if (cells.length > QUESTION_SHEET_LIMITS.maxColumns)
      return { ok: false, code: 'sheet_too_many_columns', columns: cells.length };
    const texts = Array.from(cells, (cell) => cellText(cell));
    if (!texts.some((text, c) => text !== '' && layout.roles[c] !== 'ignore')) continue;
    tally.total++;
    if (tally.total > QUESTION_SHEET_LIMITS.maxRows)
      return { ok: false, code: 'sheet_too_many_rows', rows: countNonEmpty(rows) };
    readRow(texts, lines?.[i] ?? i + 2, layout, settings, tally);
  }
  return rowsOutcome(tally, layout);
}

function rowLayout(input: RowsInput): RowLayout {
  const { roles, names } = toSheetColumns(input);
  return { roles, names, optionIndexes: optionColumnOrder(names, roles), optionsCell: roles.indexOf('options') };
}

/** A column's name in a skipped row's reason: its header, else its field's English label, else `#n`. */
function columnName({ roles, names }: RowLayout, index: number): string {
  const role = roles[index]!;
  return (
    names[index] ||
    ((QUESTION_COLUMNS as readonly string[]).includes(role)
      ? COLUMN_LABELS[role as QuestionColumn].en
      : `#${index + 1}`)
  );
}

/** Counts a skipped row under its reason and lists it while the list has room. */
function skipRow(tally: RowsTally, row: SkippedRow): void {
  if (row.reason === 'cell_too_long') tally.tooLong++;
  else if (row.reason === 'duplicate') tally.duplicates++;
  else if (row.reason === 'blank_answer') tally.blankAnswers++;
  if (tally.skippedRows.length < REPORT_LIST_LIMIT) tally.skippedRows.push(row);
}

/** One non-empty row into the tally: skipped with its reason, or kept as its question (a cloze note: its cards). */
function readRow(texts: string[], line: number, layout: RowLayout, settings: RowsOptions, tally: RowsTally): void {
  const { roles } = layout;
  const longCell = texts.findIndex(
    (text, c) => text.length > QUESTION_SHEET_LIMITS.maxCellChars && roles[c] !== 'ignore',
  );
  if (longCell >= 0) return skipRow(tally, { line, reason: 'cell_too_long', column: columnName(layout, longCell) });
  const fingerprint = JSON.stringify(texts.filter((_, c) => (roles[c] ?? 'extra') !== 'ignore'));
  if (tally.seen.has(fingerprint)) return skipRow(tally, { line, reason: 'duplicate' });
  tally.seen.add(fingerprint);
  const field: RowField = (column) => fieldText(texts, roles, column);
  const answerText = field('answer');
  // A cloze note's answers are its gaps; its answer column, if any, is Anki's "Back Extra".
  const cloze = hasCloze(field('content'));
  if (answerText === '' && !cloze) return skipRow(tally, { line, reason: 'blank_answer' });
  const composed = composeRow(texts, layout, settings.textFormat, tally.extraUsed);
  const { content, explanation } = composed;
  if (content.length > MAX_COMPOSED_CHARS || explanation.length > MAX_COMPOSED_CHARS) {
    const over: QuestionColumn = content.length > MAX_COMPOSED_CHARS ? 'content' : 'explanation';
    // Composed from other columns (choices, extra columns) when the sheet has none of its own: named by its field.
    const index = roles.indexOf(over);
    const column = index >= 0 ? columnName(layout, index) : COLUMN_LABELS[over].en;
    return skipRow(tally, { line, reason: 'cell_too_long', column });
  }
  if (cloze) {
    const cards = clozeRowCards(line, field, answerText, composed);
    // Gaps that are all empty give no card: listed like a row without an answer.
    if (cards.length === 0) skipRow(tally, { line, reason: 'blank_answer' });
    tally.kept.push(...cards);
    return;
  }
  if (composed.options.length > 0) tally.withChoices++;
  tally.kept.push(rowQuestion(line, field, answerText, composed));
}

/** The rows' outcome: the kept questions with their ids, the counts, the columns kept and left out. */
function rowsOutcome(tally: RowsTally, { roles, names }: RowLayout): RowsOutcome {
  const { questions, assigned } = withAssignedIds(tally.kept);
  if (questions.length === 0) return { ok: false, code: 'sheet_no_questions' };
  const { blankAnswers, duplicates, tooLong } = tally;
  return {
    ok: true,
    questions,
    lines: tally.kept.map((q) => q.line),
    stats: {
      total_rows: tally.total,
      imported: questions.length,
      skipped: blankAnswers + duplicates + tooLong,
      skipped_blank_answer: blankAnswers,
      duplicates_removed: duplicates,
      skipped_too_long: tooLong,
      ids_assigned: assigned,
      with_choices: tally.withChoices,
      errors: 0,
    },
    skipped_rows: tally.skippedRows,
    extra_columns: [...tally.extraUsed].sort((a, b) => a - b).map((c) => names[c] || `#${c + 1}`),
    // Columns a mapping told the importer to leave out, by name: nothing is dropped without a word.
    ignored_columns: roles.flatMap((role, c) => (role === 'ignore' ? [names[c] || `#${c + 1}`] : [])),
  };
}

/** The questions without their lines; a blank id becomes the next number after the highest numeric id. */
function withAssignedIds(kept: readonly QuestionAtLine[]) {
  let nextId = kept.reduce((max, v) => {
    const n = /^\d+$/.test(v.csv_id) ? Number(v.csv_id) : Number.NaN;
    return Number.isSafeInteger(n) && n > max ? n : max;
  }, 0);
  let assigned = 0;
  const questions = kept.map(({ line: _line, ...q }): SheetQuestion => {
    if (q.csv_id !== '') return q;
    nextId += 1;
    assigned += 1;
    return { ...q, csv_id: String(nextId) };
  });
  return { questions, assigned };
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
