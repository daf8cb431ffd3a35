import { compile } from 'html-to-text';
import { hasCloze } from '#shared/domain/cloze.js';
import { splitHeader, type ParsedSheet, type ReaderSkip, type SheetFormat, type SheetRepair } from './parsed-sheet.js';

/** Anki's plain-text export: its `#key:value` header lines, and `#html:true` cells read as text. */

/** Anki's named separators (`#separator:Tab`); anything else is the character itself. */
const ANKI_SEPARATORS: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};

/** What Anki's `#key:value` header lines say about the records under them. */
export interface AnkiHeader {
  separator: string | null;
  html: boolean;
  /** `#columns:` names, one per column. */
  columns: string[] | null;
  /** `#notetype:` / `#deck:` / `#tags:`: the same for every note. */
  notetype: string | null;
  deck: string | null;
  tags: string | null;
  /** `#guid column:` / `#notetype column:` / `#deck column:` / `#tags column:`, 0-based. */
  roles: Partial<Record<AnkiRole, number>>;
  lines: number;
  rest: string;
}

type AnkiRole = 'guid' | 'notetype' | 'deck' | 'tags';
const ROLES: readonly AnkiRole[] = ['guid', 'notetype', 'deck', 'tags'];

const COLUMN_ROLE_NAMES: Record<string, AnkiRole> = {
  guid: 'guid',
  notetype: 'notetype',
  'note type': 'notetype',
  deck: 'deck',
  tags: 'tags',
};

const KEYS = [
  'separator',
  'html',
  'columns',
  'tags',
  'deck',
  'notetype',
  'guid column',
  'notetype column',
  'deck column',
  'tags column',
];

/** Anki's plain-text export header: `#key:value` lines before the first card. */
export function readAnkiHeader(text: string): AnkiHeader | null {
  let offset = 0;
  let lines = 0;
  const found: Record<string, string> = {};
  while (offset < text.length && text[offset] === '#') {
    const end = text.indexOf('\n', offset);
    const line = (end < 0 ? text.slice(offset) : text.slice(offset, end)).replace(/\r$/, '');
    const match = /^#([a-z ]+):(.*)$/i.exec(line);
    if (!match) break;
    found[match[1]!.trim().toLowerCase()] = match[2]!;
    lines++;
    offset = end < 0 ? text.length : end + 1;
  }
  if (lines === 0 || !Object.keys(found).some((k) => KEYS.includes(k))) return null;
  const named = found.separator?.trim();
  const separator = named === undefined ? null : (ANKI_SEPARATORS[named.toLowerCase()] ?? named.slice(0, 1)) || null;
  const columns = found.columns === undefined ? null : found.columns.split(separator ?? '\t').map((c) => c.trim());
  const roles: Partial<Record<AnkiRole, number>> = {};
  for (const role of ROLES) {
    const n = Number(found[`${role} column`]?.trim());
    if (Number.isInteger(n) && n >= 1) roles[role] = n - 1;
  }
  // `#columns:` may name the role columns instead (Anki's importer reads `Tags`, `Deck`, `Notetype`, `GUID`).
  columns?.forEach((name, i) => {
    const role = COLUMN_ROLE_NAMES[name.toLowerCase()];
    if (role && roles[role] === undefined && !Object.values(roles).includes(i)) roles[role] = i;
  });
  const value = (key: string) => found[key]?.trim() || null;
  return {
    separator,
    html: found.html?.trim().toLowerCase() === 'true',
    columns,
    notetype: value('notetype'),
    deck: value('deck'),
    tags: value('tags'),
    roles,
    lines,
    rest: text.slice(offset),
  };
}

/** Note types whose notes are no front and back, listed as skipped: image occlusion. */
const UNREAD_TYPE = /image occlusion/i;
const CLOZE_TYPE = /cloze|클로즈|빈칸/i;

/**
 * The sheet of an Anki text export. Without a role column (`#guid column:` …, `#notetype:`,
 * `#deck:`) it is the plain two-or-more-column file it always was: `#columns:` names the header,
 * else the first record is looked at as one. With them, each column is read by its role: the GUID
 * becomes the question's id (so a newer export of the same deck keeps each note's id), the note
 * type decides whether the note is read (Image Occlusion notes are listed, not read; a Cloze note's
 * Text makes one card per gap), the
 * deck and the tags are kept columns, and the remaining fields are front, back and extra fields.
 */
export function ankiTextSheet(
  anki: AnkiHeader,
  rows: string[][],
  lines: number[],
  format: SheetFormat,
  repairs: SheetRepair[],
): ParsedSheet {
  const roles = anki.roles;
  const roleColumns = new Set(Object.values(roles));
  if (roleColumns.size === 0 && !anki.notetype && !anki.deck) {
    const cells = anki.html ? rows.map((row) => row.map(htmlToText)) : rows;
    if (anki.columns)
      return { header: anki.columns, headerLine: 0, declaredHeader: true, rows: cells, lines, format, repairs };
    return splitHeader(cells, lines, format, repairs);
  }
  const width = Math.max(
    anki.columns?.length ?? 0,
    ...rows.map((r) => r.length),
    ...[...roleColumns].map((c) => c + 1),
  );
  const fieldColumns = Array.from({ length: width }, (_, i) => i).filter((i) => !roleColumns.has(i));
  const fieldCount = Math.max(2, fieldColumns.length);
  const fieldName = (k: number) =>
    k === 0 ? 'Front' : k === 1 ? 'Back' : (anki.columns?.[fieldColumns[k] ?? -1] ?? '');
  const hasGuid = roles.guid !== undefined;
  const hasDeck = roles.deck !== undefined || anki.deck !== null;
  const hasTags = roles.tags !== undefined || anki.tags !== null;
  const header = [
    ...(hasGuid ? ['GUID'] : []),
    ...Array.from({ length: fieldCount }, (_, k) => fieldName(k)),
    ...(hasDeck ? ['Deck'] : []),
    ...(hasTags ? ['Tags'] : []),
  ];
  const cell = (row: string[], column: number | undefined) => (column === undefined ? '' : (row[column] ?? '').trim());
  const out: string[][] = [];
  const outLines: number[] = [];
  const skipped: ReaderSkip[] = [];
  rows.forEach((row, i) => {
    // `#html:true` is the fields' markup; a GUID, a type, a deck or tags are taken as written.
    const fields = Array.from({ length: fieldCount }, (_, k) => {
      const value = cell(row, fieldColumns[k]);
      return anki.html ? htmlToText(value) : value;
    });
    const type = cell(row, roles.notetype) || anki.notetype || '';
    // A cloze note is read (its Text makes one card per gap, D368); one whose Text has no gap is not.
    if (UNREAD_TYPE.test(type) || (CLOZE_TYPE.test(type) && !hasCloze(fields[0] ?? ''))) {
      skipped.push({ line: lines[i] ?? 0, reason: 'unsupported_type', type });
      return;
    }
    const tags = [anki.tags ?? '', cell(row, roles.tags)].filter(Boolean).join(' ');
    out.push([
      ...(hasGuid ? [cell(row, roles.guid)] : []),
      ...fields,
      ...(hasDeck ? [cell(row, roles.deck) || anki.deck || ''] : []),
      ...(hasTags ? [tags] : []),
    ]);
    outLines.push(lines[i] ?? 0);
  });
  return { header, headerLine: 0, declaredHeader: true, rows: out, lines: outLines, format, repairs, skipped };
}

/**
 * html-to-text walks the tree recursively: markup nested tens of thousands deep (a few hundred KB
 * of `<div>`) overflows the stack. Deeper than this, what is left is cut to an ellipsis.
 */
export const HTML_TEXT_LIMITS = { maxDepth: 200 };

const toText = compile({
  wordwrap: false,
  limits: HTML_TEXT_LIMITS,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  ],
});

/** Anki's `#html:true` cells as text (html-to-text): line breaks for <br>, <div> and <p>, tags removed, entities decoded. */
export function htmlToText(html: string): string {
  return toText(html).trim();
}
