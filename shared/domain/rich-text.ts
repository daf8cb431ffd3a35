/**
 * Rich question text (D130–D132). A question's fields are either `plain` — every question
 * written before rich content, shown exactly as typed, `*` and `_` included — or `markdown`, a safe
 * subset rendered by the web (web/src/components/rich-text/). The format is stored per question, so
 * no existing text changes meaning; a question without one is plain.
 *
 * `plainText` is the one plain form of a field that grading, voice mode, search, the daily mail's
 * preview and spreadsheet export read: math as its LaTeX source, code kept, images as their alt
 * text, links as their text. shared/ imports nothing but zod, so it works on the string itself:
 * it removes Markdown's markers and never renders or sanitizes — the web's renderer does that.
 */

export const TEXT_FORMATS = ['plain', 'markdown'] as const;

/**
 * Only http(s), mailto and same-origin paths survive as link or image targets of a rendered text:
 * markdown-it's link check (markdown/markdown.ts) and the browser's sanitizer both use it.
 */
export const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/**
 * The product's own image routes (an exam's uploaded image, an imported file's image), with the
 * optional `#<width>x<height>` the upload answers. Segments are ids: no dot, no percent sign, so no
 * `..` can lead the path anywhere else.
 */
const OWN_IMAGE_PATH =
  /^\/api\/(?:exam|file)\/[A-Za-z0-9_-]{1,64}\/images\/[A-Za-z0-9_-]{1,64}\/(?:#\d{1,4}x\d{1,4})?$/;

/**
 * Whether a text's image may load `src` (D350). An image loads as the viewer, with their cookies,
 * the moment the text is shown: so a same-origin target must be one of our image routes (any other
 * path could make the viewer's browser call the API on the author's behalf), and anything else must
 * be https on another host. `ownOrigin` (the page's, where known) catches absolute URLs to ourselves.
 */
export function isSafeImageUrl(src: string, ownOrigin?: string): boolean {
  const url = src.trim();
  if (url.startsWith('/')) return OWN_IMAGE_PATH.test(url);
  if (!/^https:\/\//i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (ownOrigin && parsed.origin === ownOrigin)
    return parsed.search === '' && OWN_IMAGE_PATH.test(parsed.pathname + parsed.hash);
  return true;
}
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** A stored or sent format value; anything but `markdown` (a legacy question has none) is plain. */
export function textFormat(value: unknown): TextFormat {
  return value === 'markdown' ? 'markdown' : 'plain';
}

/** Fenced code blocks, kept whole so nothing inside them is read as Markdown. */
const FENCE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:\n {0,3}\2[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm;
const INLINE_CODE = /(?<!\\)(`+)([^`\n]|[^`\n][\s\S]*?[^`\n])\1(?!`)/g;
const DISPLAY_MATH = /(?<!\\)\$\$([\s\S]+?)\$\$/g;
const INLINE_MATH = /(?<![\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$(?!\d)/g;
const IMAGE = /!\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g;
const LINK = /\[([^\]\n]+)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g;
const AUTOLINK = /<((?:https?|mailto):[^<>\s]+)>/g;
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm;
const BLOCKQUOTE = /^ {0,3}> ?/gm;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/gm;
const TABLE_DIVIDER = /^ {0,3}\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*(?:\n|$)/gm;
const TABLE_ROW = /^ {0,3}\|(.*)\|[ \t]*$/gm;
const STRONG = /(\*\*|__)(?=\S)([\s\S]*?\S)\1/g;
const EMPHASIS_STAR = /(?<![*\w])\*(?=\S)([^*\n]*?\S)\*(?![*\w])/g;
const EMPHASIS_UNDERSCORE = /(?<![_\p{L}\p{N}])_(?=\S)([^_\n]*?\S)_(?![_\p{L}\p{N}])/gu;
const STRIKE = /~~(?=\S)([\s\S]*?\S)~~/g;
const HARD_BREAK = /(?: {2,}|\\)$/gm;
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!|~$<>=&])/g;

/** A private-use placeholder: code and math are set aside before the other markers are removed. */
const HOLD = '\uE000';
const HELD = /\uE000(\d+)\uE000/g;

/**
 * The plain form of a field: identity for plain text; for Markdown, the text a reader hears or a grader
 * compares — math as its source, code as written, an image as its alt text, a link as its text.
 */
export function plainText(text: string, format: TextFormat | undefined): string {
  if (format !== 'markdown' || text === '') return text;
  const held: string[] = [];
  const hold = (value: string) => `${HOLD}${held.push(value) - 1}${HOLD}`;
  let out = text.replace(/\r\n?/g, '\n');
  out = out.replace(FENCE, (_m, _indent: string, _fence: string, body: string) => hold(body.replace(/\n$/, '')));
  out = out.replace(INLINE_CODE, (_m, _ticks: string, body: string) => hold(body.trim() === '' ? body : body.trim()));
  out = out.replace(DISPLAY_MATH, (_m, body: string) => hold(body.trim()));
  out = out.replace(INLINE_MATH, (_m, body: string) => hold(body));
  // An escaped character is that character, whatever marker it is (`\*` is a star, never emphasis).
  out = out.replace(ESCAPE, (_m, character: string) => hold(character));
  out = out
    .replace(IMAGE, (_m, alt: string) => alt)
    .replace(LINK, (_m, label: string) => label)
    .replace(AUTOLINK, (_m, url: string) => url)
    .replace(HEADING, (_m, title: string) => title)
    .replace(BLOCKQUOTE, '')
    .replace(TABLE_DIVIDER, '')
    .replace(TABLE_ROW, (_m, cells: string) =>
      cells
        .split('|')
        .map((cell) => cell.trim())
        .join(' | '),
    )
    .replace(RULE, '')
    .replace(STRONG, (_m, _marker: string, body: string) => body)
    .replace(EMPHASIS_STAR, (_m, body: string) => body)
    .replace(EMPHASIS_UNDERSCORE, (_m, body: string) => body)
    .replace(STRIKE, (_m, body: string) => body)
    .replace(HARD_BREAK, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // Held text may itself hold placeholders (math inside a link label), so replace until none is left.
  for (let pass = 0; pass < 3 && out.includes(HOLD); pass++) {
    out = out.replace(HELD, (whole: string, index: string) => held[Number(index)] ?? whole);
  }
  return out;
}

/** Whether a Markdown text needs the math renderer (KaTeX is loaded only then). */
export function hasMath(text: string): boolean {
  return /\$[^$\n]*\S[^$\n]*\$/.test(text);
}

/** Whether a Markdown text holds code (the highlighter is loaded only for fenced blocks). */
export function hasCodeBlock(text: string): boolean {
  return /^ {0,3}(`{3,}|~{3,})/m.test(text);
}
