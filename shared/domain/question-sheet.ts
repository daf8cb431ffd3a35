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
  /** Columns of a row (400 above). */
  maxColumns: 200,
  /**
   * Choices of one question (Option 1..20 columns, or an options cell): the take-exam screen lists
   * them as `1)`..`20)` lines; further choices are kept in the explanation, not dropped.
   */
  maxChoices: 20,
} as const;

export const SHEET_EXTENSIONS = ['xlsx', 'xls', 'csv', 'tsv', 'txt', 'apkg'] as const;
/** What a question file or an exam downloads as: a workbook, UTF-8 CSV, or Anki's plain-text import format. */
export const EXPORT_FORMATS = ['xlsx', 'csv', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * The column order of an export: question and answer first (Anki's Front and Back), then the rest
 * of the format; the headers are {@link COLUMN_LABELS}, which the importer maps back.
 */
export const EXPORT_COLUMNS: readonly QuestionColumn[] = [
  'content',
  'answer',
  'explanation',
  'csv_id',
  'title',
  'difficulty',
  'url',
  'group_id',
];
export type SheetExtension = (typeof SHEET_EXTENSIONS)[number];
/** Extensions read as delimited text (delimiter and encoding detected); the others are workbooks. */
export const TEXT_EXTENSIONS: readonly SheetExtension[] = ['csv', 'tsv', 'txt'];
/** Delimiters a text sheet may use, detected from a sample (Anki's `#separator:` names one outright). */
export const SHEET_DELIMITERS = [',', '\t', ';', '|'] as const;
/** Encodings a text sheet is read in: UTF-8 (BOM or not), UTF-16 with its BOM (Excel's "Unicode text"), CP949/EUC-KR. */
export const SHEET_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'cp949'] as const;
export type SheetEncoding = (typeof SHEET_ENCODINGS)[number];

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
/** Only the question and its answer are required; an id is numbered and a title taken from the question when blank. */
export const REQUIRED_COLUMNS: readonly QuestionColumn[] = ['content', 'answer'];

/**
 * What a source column becomes: a question field; `option` (one choice per column, Option 1..N,
 * 보기1..4, A..D); `options` (all choices in one cell, `a|b|c`, `a;b` or a JSON list); `extra`
 * (kept: appended to the explanation as `Name: value`); `ignore` (only when a mapping says so).
 */
export const COLUMN_ROLES = [...QUESTION_COLUMNS, 'option', 'options', 'extra', 'ignore'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

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

/**
 * Accepted header names, compared after {@link headerKey} folding (case, width, spaces and _ - .
 * ignored). The format panel lists them as they are written here.
 */
export const HEADER_ALIASES: Record<QuestionColumn, readonly string[]> = {
  csv_id: [
    '문제id',
    '문제번호',
    '문항id',
    '문항번호',
    '번호',
    'Question ID',
    'question_id',
    'csv_id',
    'id',
    'qid',
    'no',
    'number',
    '#',
  ],
  title: ['제목', '문제제목', '주제', 'Title', 'question title', 'topic'],
  content: [
    '문제 내용',
    '내용',
    '문제',
    '질문',
    '문항',
    '단어',
    '용어',
    '앞면',
    'Question Content',
    'content',
    'question',
    'q',
    'body',
    'front',
    'term',
    'word',
    'prompt',
  ],
  answer: [
    '정답',
    '답',
    '답안',
    '답변',
    '뜻',
    '의미',
    '정의',
    '뒷면',
    'Answer',
    'correct answer',
    'back',
    'definition',
    'meaning',
    'solution',
  ],
  explanation: [
    '설명',
    '해설',
    '풀이',
    '비고',
    '참고',
    'Explanation',
    'description',
    'note',
    'notes',
    'hint',
    'rationale',
  ],
  difficulty: ['난이도', 'Difficulty', 'level'],
  url: ['URL', 'link', '링크', '주소'],
  group_id: ['그룹ID', '그룹', 'group_id', 'group'],
};
/** One column holding every choice (`a|b|c`, `a;b;c` or a JSON list). */
export const OPTIONS_CELL_ALIASES: readonly string[] = [
  '보기',
  '선택지',
  '선지',
  'options',
  'choices',
  'answer options',
];
/** One column per choice: one of these followed by 1..20 or A..H (`Option 1`, `보기12`, `choice_b`), or the bare letters A..H when two or more are present. */
export const OPTION_COLUMN_PREFIXES: readonly string[] = ['보기', '선택지', '선지', '답지', 'option', 'choice', 'opt'];

/** Folds a header for comparison: width, case, whitespace and the separators _ - . are ignored. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

const ALIAS_LOOKUP = new Map<string, QuestionColumn>(
  QUESTION_COLUMNS.flatMap((column) => HEADER_ALIASES[column].map((alias) => [headerKey(alias), column] as const)),
);
const OPTIONS_CELL_KEYS = new Set(OPTIONS_CELL_ALIASES.map(headerKey));
const OPTION_COLUMN = new RegExp(`^(?:${OPTION_COLUMN_PREFIXES.map(headerKey).join('|')})(1\\d|20|[1-9]|[a-h])$`);

/** The order of an option column (1-based), or 0 when the header names none. */
function optionOrder(key: string, bareLetters: boolean): number {
  const match = OPTION_COLUMN.exec(key) ?? (bareLetters && /^[a-h]$/.test(key) ? [key, key] : null);
  if (!match) return 0;
  const mark = match[1]!;
  return /\d/.test(mark) ? Number(mark) : mark.charCodeAt(0) - 96;
}

/** How the columns of a sheet are read: one role per source column, and each column's name (blank when the file has no header). */
export interface SheetColumns {
  roles: ColumnRole[];
  names: string[];
  /** True when the first row was not a header and was read as data. */
  headerless: boolean;
}

export type HeaderMapping =
  | ({ ok: true; columns: Partial<Record<QuestionColumn, number>> } & SheetColumns)
  | { ok: false; missing: QuestionColumn[]; found: string[]; header: boolean };

/**
 * A caller's mapping (one role per source column, as the preview proposed and the user changed it)
 * over the proposal: columns it does not name keep their proposed role. Null when the question or
 * the answer would have no column.
 */
export function applyMapping(proposed: SheetColumns, mapping: readonly ColumnRole[]): SheetColumns | null {
  const width = Math.max(proposed.roles.length, mapping.length);
  const roles = Array.from({ length: width }, (_, i) => mapping[i] ?? proposed.roles[i] ?? 'extra');
  if (!roles.includes('content') || !roles.includes('answer')) return null;
  return { roles, names: roles.map((_, i) => proposed.names[i] ?? ''), headerless: proposed.headerless };
}

/** The columns' single index per question field (the first column of a role). */
export function fieldColumns(roles: readonly ColumnRole[]): Partial<Record<QuestionColumn, number>> {
  const columns: Partial<Record<QuestionColumn, number>> = {};
  roles.forEach((role, index) => {
    if ((QUESTION_COLUMNS as readonly string[]).includes(role) && columns[role as QuestionColumn] === undefined)
      columns[role as QuestionColumn] = index;
  });
  return columns;
}

/**
 * Maps a header row. Each known name takes its role (the first column of a field wins; a second
 * column of the same name is kept as extra), option columns in the order they name, anything else
 * is extra. `ok: false, header: true` when the row is a header lacking a required column (two or
 * more names known); `header: false` when it is no header at all, so the caller reads it as data.
 */
export function mapHeaders(headers: readonly string[]): HeaderMapping {
  const keys = headers.map((h) => headerKey(String(h ?? '')));
  const bareLetters = keys.filter((k) => /^[a-h]$/.test(k)).length >= 2;
  const roles: ColumnRole[] = [];
  const taken = new Set<QuestionColumn>();
  let known = 0;
  for (const key of keys) {
    const column = ALIAS_LOOKUP.get(key);
    if (column && !taken.has(column)) {
      taken.add(column);
      roles.push(column);
      known++;
    } else if (optionOrder(key, bareLetters) > 0) {
      roles.push('option');
      known++;
    } else if (OPTIONS_CELL_KEYS.has(key) && !roles.includes('options')) {
      roles.push('options');
      known++;
    } else {
      roles.push('extra');
    }
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !taken.has(c));
  if (missing.length > 0) {
    return {
      ok: false,
      missing,
      found: headers.map((h) => String(h ?? '').trim()).filter((h) => h !== ''),
      header: known >= 2,
    };
  }
  return {
    ok: true,
    columns: fieldColumns(roles),
    roles,
    names: headers.map((h) => String(h ?? '').trim()),
    headerless: false,
  };
}

/** The option columns' source indexes in choice order (Option 1 before Option 2, whatever the column order). */
export function optionColumnOrder(names: readonly string[], roles: readonly ColumnRole[]): number[] {
  const keys = names.map((n) => headerKey(n));
  const bareLetters = keys.filter((k) => /^[a-h]$/.test(k)).length >= 2;
  return roles
    .map((role, index) => ({ role, index, order: optionOrder(keys[index] ?? '', bareLetters) || 100 + index }))
    .filter((c) => c.role === 'option')
    .sort((a, b) => a.order - b.order)
    .map((c) => c.index);
}

/**
 * A file whose first row is no header is read as cards: question, answer, then the explanation;
 * further columns are kept (named when a header was declared, as Anki's `#columns:` does).
 */
export function headerlessColumns(width: number, names: readonly string[] = []): SheetColumns {
  const roles: ColumnRole[] = [];
  for (let i = 0; i < Math.max(width, 2); i++)
    roles.push(i === 0 ? 'content' : i === 1 ? 'answer' : names[i] ? 'extra' : 'explanation');
  return { roles, names: roles.map((_, i) => names[i] ?? ''), headerless: true };
}

/** The header names the format panel lists, per role: every alias as written. */
export function acceptedHeaderNames() {
  return {
    columns: QUESTION_COLUMNS.map((column) => ({
      column,
      names: HEADER_ALIASES[column],
      required: REQUIRED_COLUMNS.includes(column),
    })),
    optionsCell: OPTIONS_CELL_ALIASES,
    optionColumns: OPTION_COLUMN_PREFIXES,
  };
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

export const SKIP_REASONS = ['blank_answer', 'duplicate', 'cell_too_long'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A row not imported: its line in the file (1-based), why, and for a long cell the column's name. */
export interface SkippedRow {
  line: number;
  reason: SkipReason;
  column?: string;
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

/** A file name the API accepts: 1–200 characters, no path, a sheet extension (SHEET_EXTENSIONS). A factory: nothing is built at import (D99). */
export const sheetFileNameSchema = () =>
  z.pipe(
    z.pipe(z.string(), z.transform(cleanFileName)),
    z.string().check(
      z.minLength(1),
      z.maxLength(QUESTION_SHEET_LIMITS.maxFileNameChars),
      z.refine((name) => sheetExtension(name) !== null, {
        message: 'extension must be .xlsx, .xls, .csv, .tsv, .txt or .apkg',
      }),
    ),
  );
