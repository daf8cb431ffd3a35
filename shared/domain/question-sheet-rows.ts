import { normalizeDifficulty, type Difficulty } from './difficulty.js';
import type { Language } from './language.js';
import {
  COLUMN_LABELS,
  QUESTION_COLUMNS,
  optionColumnOrder,
  type ColumnRole,
  type QuestionColumn,
  type SheetColumns,
} from './question-sheet-columns.js';
import { QUESTION_SHEET_LIMITS } from './question-sheet-format.js';

/** How a data row becomes a question: cells to text, choices, the skip reasons and the import's counts. */

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

/** Urls written as nan (pandas' empty cell) are cleared, in any case. */
export function cleanUrl(value: string): string {
  return value.trim().toLowerCase() === 'nan' ? '' : value.trim();
}

/** The choices of an options cell: a JSON list of strings, else split at `|`, else at `;`, else one per line. */
export function splitOptionsCell(cell: string): string[] {
  const text = cell.trim();
  if (text === '') return [];
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string' || typeof v === 'number'))
        return parsed.map((v) => String(v).trim()).filter(Boolean);
    } catch {
      // not JSON: split below
    }
  }
  const separator = text.includes('|') ? '|' : text.includes(';') ? ';' : /\r?\n/.test(text) ? /\r?\n/ : null;
  return separator
    ? text
        .split(separator)
        .map((o) => o.trim())
        .filter(Boolean)
    : [text];
}

const foldChoice = (text: string) => text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The stored answer of a choice question: the number of the right choice (`2`, or `1,3` for
 * several), found from a number, a letter (A..H) or the choice's text; an answer that names no
 * choice is kept as written.
 */
export function choiceAnswer(answer: string, options: readonly string[]): string {
  const byText = (part: string) => {
    const folded = foldChoice(part);
    const index = options.findIndex((o) => foldChoice(o) === folded);
    if (index >= 0) return index + 1;
    const mark = folded.replace(/^[([]?(.+?)[.)\]]?$/, '$1');
    if (/^\d+$/.test(mark) && Number(mark) >= 1 && Number(mark) <= options.length) return Number(mark);
    if (/^[a-h]$/.test(mark) && mark.charCodeAt(0) - 96 <= options.length) return mark.charCodeAt(0) - 96;
    return 0;
  };
  const whole = byText(answer);
  if (whole > 0) return String(whole);
  const parts = answer
    .split(/[,;|]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1) {
    const numbers = parts.map(byText);
    if (numbers.every((n) => n > 0)) return [...new Set(numbers)].sort((a, b) => a - b).join(',');
  }
  return answer;
}

/** The question text with its choices as lines `1) …`, which the take-exam screen shows as choices. */
export function contentWithChoices(content: string, options: readonly string[]): string {
  if (options.length === 0) return content;
  return [content, ...options.map((o, i) => `${i + 1}) ${o.replace(/\s*\r?\n\s*/g, ' ')}`)]
    .filter((l) => l !== '')
    .join('\n');
}

/** A title from the question when the sheet has none: its first line, at most 100 characters. */
export function titleFromContent(content: string): string {
  const first = content.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const line = first.trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** A composed field (question with its choices, explanation with kept columns) may reach this many characters. */
export const MAX_COMPOSED_CHARS = 2 * QUESTION_SHEET_LIMITS.maxCellChars;

const isFieldRole = (role: ColumnRole): role is QuestionColumn =>
  (QUESTION_COLUMNS as readonly string[]).includes(role);

type RowsInput = SheetColumns | Partial<Record<QuestionColumn, number>>;

function toSheetColumns(input: RowsInput): SheetColumns {
  if ('roles' in input && Array.isArray(input.roles)) return input as SheetColumns;
  const columns = input as Partial<Record<QuestionColumn, number>>;
  const width = Math.max(-1, ...Object.values(columns).map((v) => v ?? -1)) + 1;
  const roles: ColumnRole[] = Array.from({ length: width }, () => 'ignore');
  for (const column of QUESTION_COLUMNS) if (columns[column] !== undefined) roles[columns[column]] = column;
  return { roles, names: roles.map(() => ''), headerless: false };
}

/**
 * Turns the data rows (under the header) into questions. Empty rows are ignored; a row is not
 * imported, and listed with its line and reason, when it repeats an earlier row exactly, has a
 * blank answer, or has a cell over {@link QUESTION_SHEET_LIMITS.maxCellChars}. Blank ids get the
 * next number after the highest numeric id; a blank title is the question's first line; choices
 * (option columns or an options cell) are appended to the question as `1) …` lines and an answer
 * naming a choice becomes its number; every extra column is appended to the explanation as
 * `Name: value`. `lines[i]` is the file line of `rows[i]` (default: i + 2, the header on line 1).
 */
export function normalizeRows(
  rows: readonly (readonly unknown[])[],
  input: RowsInput,
  lines?: readonly number[],
): RowsOutcome {
  const { roles, names } = toSheetColumns(input);
  const lineOf = (i: number) => lines?.[i] ?? i + 2;
  const optionIndexes = optionColumnOrder(names, roles);
  const optionsCell = roles.indexOf('options');
  const skippedRows: SkippedRow[] = [];
  const extraUsed = new Set<number>();
  const seen = new Set<string>();
  let total = 0;
  let duplicates = 0;
  let blankAnswers = 0;
  let tooLong = 0;
  let withChoices = 0;
  const skip = (row: SkippedRow) => {
    if (skippedRows.length < REPORT_LIST_LIMIT) skippedRows.push(row);
  };
  const kept: (SheetQuestion & { line: number })[] = [];
  const columnName = (index: number) => {
    const role = roles[index]!;
    return (
      names[index] ||
      ((QUESTION_COLUMNS as readonly string[]).includes(role)
        ? COLUMN_LABELS[role as QuestionColumn].en
        : `#${index + 1}`)
    );
  };

  rowLoop: for (let i = 0; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    if (cells.length > QUESTION_SHEET_LIMITS.maxColumns)
      return { ok: false, code: 'sheet_too_many_columns', columns: cells.length };
    const texts: string[] = [];
    let any = false;
    for (let c = 0; c < cells.length; c++) {
      const text = cellText(cells[c]);
      texts.push(text);
      if (text !== '' && roles[c] !== 'ignore') any = true;
    }
    if (!any) continue;
    total++;
    if (total > QUESTION_SHEET_LIMITS.maxRows)
      return { ok: false, code: 'sheet_too_many_rows', rows: countNonEmpty(rows) };
    const line = lineOf(i);
    for (let c = 0; c < texts.length; c++) {
      if (texts[c]!.length > QUESTION_SHEET_LIMITS.maxCellChars && roles[c] !== 'ignore') {
        tooLong++;
        skip({ line, reason: 'cell_too_long', column: columnName(c) });
        continue rowLoop;
      }
    }
    const fingerprint = JSON.stringify(texts.filter((_, c) => (roles[c] ?? 'extra') !== 'ignore'));
    if (seen.has(fingerprint)) {
      duplicates++;
      skip({ line, reason: 'duplicate' });
      continue;
    }
    seen.add(fingerprint);
    const field = (column: QuestionColumn) => {
      const index = roles.indexOf(column);
      return index < 0 ? '' : (texts[index] ?? '');
    };
    const answerText = field('answer');
    if (answerText === '') {
      blankAnswers++;
      skip({ line, reason: 'blank_answer' });
      continue;
    }
    const allOptions = [
      ...optionIndexes.map((c) => texts[c] ?? '').filter(Boolean),
      ...(optionsCell >= 0 ? splitOptionsCell(texts[optionsCell] ?? '') : []),
    ];
    const options = allOptions.slice(0, QUESTION_SHEET_LIMITS.maxChoices);
    const explanation: string[] = [];
    const extras: string[] = [];
    for (let c = 0; c < Math.max(texts.length, roles.length); c++) {
      const role = roles[c] ?? 'extra';
      const text = texts[c] ?? '';
      if (text === '') continue;
      if (role === 'explanation' && (!names[c] || roles.indexOf('explanation') === c || !isFieldRole(role)))
        explanation.push(text);
      else if (role === 'extra' || (isFieldRole(role) && roles.indexOf(role) !== c)) {
        extraUsed.add(c);
        extras.push(names[c] ? `${names[c]}: ${text}` : text);
      }
    }
    // Choices past the limit stay with the question, in its explanation.
    allOptions.slice(options.length).forEach((o, k) => extras.push(`${options.length + k + 1}) ${o}`));
    const content = contentWithChoices(field('content'), options);
    const explanationText = [...explanation, ...extras].join('\n');
    if (content.length > MAX_COMPOSED_CHARS || explanationText.length > MAX_COMPOSED_CHARS) {
      tooLong++;
      skip({
        line,
        reason: 'cell_too_long',
        column: columnName(
          content.length > MAX_COMPOSED_CHARS ? roles.indexOf('content') : roles.indexOf('explanation'),
        ),
      });
      continue;
    }
    if (options.length > 0) withChoices++;
    kept.push({
      line,
      csv_id: field('csv_id'),
      title: field('title') || titleFromContent(field('content')),
      content,
      answer: options.length > 0 ? choiceAnswer(answerText, options) : answerText,
      explanation: explanationText,
      difficulty: normalizeDifficulty(field('difficulty')),
      url: cleanUrl(field('url')),
      group_id: field('group_id'),
    });
  }

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
  if (questions.length === 0) return { ok: false, code: 'sheet_no_questions' };
  return {
    ok: true,
    questions,
    lines: kept.map((q) => q.line),
    stats: {
      total_rows: total,
      imported: questions.length,
      skipped: blankAnswers + duplicates + tooLong,
      skipped_blank_answer: blankAnswers,
      duplicates_removed: duplicates,
      skipped_too_long: tooLong,
      ids_assigned: assigned,
      with_choices: withChoices,
      errors: 0,
    },
    skipped_rows: skippedRows,
    extra_columns: [...extraUsed].sort((a, b) => a - b).map((c) => names[c] || `#${c + 1}`),
    // Columns a mapping told the importer to leave out, by name: nothing is dropped without a word.
    ignored_columns: roles.flatMap((role, c) => (role === 'ignore' ? [names[c] || `#${c + 1}`] : [])),
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
