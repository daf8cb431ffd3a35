import { compile } from 'html-to-text';

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

/** Anki's plain-text export header: `#key:value` lines before the first card. */
export function readAnkiHeader(
  text: string,
): { separator: string | null; html: boolean; columns: string[] | null; lines: number; rest: string } | null {
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
  if (
    lines === 0 ||
    !Object.keys(found).some((k) =>
      [
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
      ].includes(k),
    )
  )
    return null;
  const named = found.separator?.trim();
  const separator = named === undefined ? null : (ANKI_SEPARATORS[named.toLowerCase()] ?? named.slice(0, 1)) || null;
  const columns = found.columns === undefined ? null : found.columns.split(separator ?? '\t').map((c) => c.trim());
  return { separator, html: found.html?.trim().toLowerCase() === 'true', columns, lines, rest: text.slice(offset) };
}

const toText = compile({
  wordwrap: false,
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
