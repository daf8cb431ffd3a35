/**
 * docs/product.md#questions-from-notes: the HTML mammoth makes of a .docx, written as the Markdown the notes
 * rules read (generator/markdown-blocks.ts), so a Word list or term/definition table becomes a list or
 * table card instead of prose. Inline marks, links and images carry no structure the rules use: text only.
 */

const ELEMENT = 1;
const TEXT = 3;
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'blockquote', 'div']);

const isElement = (node: Node): node is Element => node.nodeType === ELEMENT;
const tag = (node: Node) => (isElement(node) ? node.tagName.toLowerCase() : '');

function joinedText(node: Node, skip: (child: Node) => boolean): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (skip(child)) continue;
    if (child.nodeType === TEXT) text += child.textContent ?? '';
    else if (tag(child) === 'br') text += ' ';
    else if (BLOCKS.has(tag(child))) text += ` ${joinedText(child, skip)} `;
    // A word and its bold tail (`Photo<strong>synthesis</strong>`) stay one word.
    else if (isElement(child) && tag(child) !== 'img') text += joinedText(child, skip);
  }
  return text;
}

/** The text of `node` on one line; `skip` leaves out what gets lines of its own (a nested list). */
function spanText(node: Node, skip: (child: Node) => boolean = () => false): string {
  return joinedText(node, skip).replace(/\s+/g, ' ').trim();
}

function listLines(list: Element, depth: number): string[] {
  const ordered = tag(list) === 'ol';
  const lines: string[] = [];
  let number = 0;
  for (const item of Array.from(list.children)) {
    if (tag(item) !== 'li') continue;
    number += 1;
    const nested = (child: Node) => tag(child) === 'ul' || tag(child) === 'ol' || tag(child) === 'table';
    const text = spanText(item, nested);
    if (text) lines.push(`${'  '.repeat(depth)}${ordered ? `${number}.` : '-'} ${text}`);
    for (const child of Array.from(item.children)) {
      if (tag(child) === 'ul' || tag(child) === 'ol') lines.push(...listLines(child, depth + 1));
    }
  }
  return lines;
}

/** The rules split a row on every `|`, so a bar inside a cell becomes a slash. */
function tableLines(table: Element): string[] {
  const rows = Array.from(table.querySelectorAll('tr')).filter((row) => row.closest('table') === table);
  const cells = rows
    .map((row) => Array.from(row.children).map((cell) => spanText(cell).replace(/\|/g, '/')))
    .filter((row) => row.some(Boolean));
  const [header, ...body] = cells;
  if (!header) return [];
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)];
}

function blockLines(node: Element): string[] {
  const name = tag(node);
  const level = /^h([1-6])$/.exec(name)?.[1];
  if (level) {
    const text = spanText(node);
    return text ? [`${'#'.repeat(Number(level))} ${text}`] : [];
  }
  if (name === 'ul' || name === 'ol') return listLines(node, 0);
  if (name === 'table') return tableLines(node);
  const text = spanText(node);
  return text ? [text] : [];
}

/** Every block of `parent`, each followed by a blank line; a wrapper (blockquote, div) gives its own blocks. */
function blocksOf(parent: Element): string[][] {
  const blocks: string[][] = [];
  let loose = '';
  const flushLoose = () => {
    const text = loose.replace(/\s+/g, ' ').trim();
    if (text) blocks.push([text]);
    loose = '';
  };
  for (const child of Array.from(parent.childNodes)) {
    const name = tag(child);
    if (isElement(child) && (name === 'blockquote' || name === 'div')) {
      flushLoose();
      blocks.push(...blocksOf(child));
    } else if (isElement(child) && BLOCKS.has(name)) {
      flushLoose();
      const lines = blockLines(child);
      if (lines.length) blocks.push(lines);
    } else if (child.nodeType === TEXT) {
      loose += child.textContent ?? '';
    } else if (isElement(child) && name !== 'img') {
      loose += ` ${spanText(child)} `;
    }
  }
  flushLoose();
  return blocks;
}

/** `parser` is the browser's; tests hand in jsdom's. */
export function docxHtmlToMarkdown(html: string, parser: DOMParser = new DOMParser()): string {
  const body = parser.parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
  return blocksOf(body)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
