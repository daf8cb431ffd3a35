/**
 * The notes as blocks: headings, list items under the last heading, table rows, and prose.
 * Markdown is read line by line (the structures the rules use), and inline marks are dropped so a
 * source sentence is the text the learner reads; bold and code spans are remembered as terms the
 * author marked.
 */

export type NotesBlock =
  | { type: 'heading'; text: string }
  | { type: 'list'; heading: string; items: string[] }
  | { type: 'table'; header: string[]; rows: string[][] }
  | { type: 'prose'; text: string };

export interface ParsedNotes {
  blocks: NotesBlock[];
  /** Texts the author set in bold or code: strong key-term signals. */
  marked: Set<string>;
}

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const MARKED = /\*\*([^*\n]{1,80})\*\*|__([^_\n]{1,80})__|`([^`\n]{1,80})`/g;

/** Drops inline Markdown and HTML: links keep their text, images their alt text, tags vanish. */
export function plainText(line: string): string {
  return line
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}

const cells = (row: string) => row.split('|').map((cell) => plainText(cell));

/** Splits Markdown or plain text into blocks; blank lines end a paragraph, list or table. */
export function parseNotes(text: string): ParsedNotes {
  const marked = new Set<string>();
  for (const match of text.matchAll(MARKED)) {
    const term = plainText(match[1] ?? match[2] ?? match[3] ?? '');
    if (term) marked.add(term);
  }
  const blocks: NotesBlock[] = [];
  let heading = '';
  let prose: string[] = [];
  let list: string[] = [];
  let table: string[][] = [];
  const flush = () => {
    // Line breaks kept: a Korean line may end a sentence without a period (sentences.ts).
    if (prose.length) blocks.push({ type: 'prose', text: prose.join('\n') });
    if (list.length) blocks.push({ type: 'list', heading, items: list });
    if (table.length > 1) blocks.push({ type: 'table', header: table[0] ?? [], rows: table.slice(1) });
    else if (table.length === 1) blocks.push({ type: 'prose', text: (table[0] ?? []).join(' ') });
    prose = [];
    list = [];
    table = [];
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    const headingMatch = HEADING.exec(line);
    const itemMatch = LIST_ITEM.exec(line);
    const rowMatch = TABLE_ROW.exec(line);
    if (!line.trim()) {
      flush();
    } else if (headingMatch) {
      flush();
      heading = plainText(headingMatch[1] ?? '');
      if (heading) blocks.push({ type: 'heading', text: heading });
    } else if (TABLE_RULE.test(line) && table.length === 1) {
      // The rule under a header row: nothing to read.
    } else if (rowMatch) {
      if (prose.length || list.length) flush();
      table.push(cells(rowMatch[1] ?? ''));
    } else if (itemMatch) {
      if (prose.length || table.length) flush();
      const item = plainText(itemMatch[1] ?? '');
      if (item) list.push(item);
    } else {
      if (list.length || table.length) flush();
      prose.push(plainText(line));
    }
  }
  flush();
  return { blocks, marked };
}
