import type { Language } from './language.js';

/**
 * Which header means which question column (Korean and English aliases, option columns, the
 * options cell), and the mapping a learner may change in the import preview.
 */

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
    'guid',
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
