/**
 * Which imported cells are Markdown (D279). A cell is read as Markdown only when it holds something
 * only Markdown means: TeX math between `$…$` / `$$…$$` with a command (`\frac`, `\times`) or a
 * `^` / `_` group, a fenced code block, a table (a row of `|` cells over a `---` divider), or an image
 * `![alt](target)`. Stars, underscores, prices (`$5 and $10`), `C#` and emoticons are what plain text
 * is full of, and stay plain. When one cell of a question is Markdown the whole question is, and its
 * plain cells are escaped so they show exactly as typed.
 */

/** A TeX command (`\frac`, `\times`) or a sub/superscript group (`x^2`, `a_{ij}`, not `HOME_DIR`). */
const TEX_BODY = /\\[A-Za-z]+|[\^_](?:\{[^}\n]*\}|[A-Za-z0-9](?![A-Za-z]))/;
const DISPLAY_MATH = /\$\$([\s\S]+?)\$\$/g;
/** Pandoc's rule: no space just inside the dollars, and no digit right after the closing one (`$5 and $10`). */
const INLINE_MATH = /(?<![\\$])\$(?![\s$])([^$\n]+?)(?<![\s\\])\$(?![\d$])/g;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[^`\n]*$/;
const IMAGE = /!\[[^\]\n]*\]\([^()\s]+(?:\s+"[^"\n]*")?\)/;

function hasMath(text: string): boolean {
  for (const match of text.matchAll(DISPLAY_MATH)) if (TEX_BODY.test(match[1]!)) return true;
  const outsideDisplay = text.replace(DISPLAY_MATH, ' ');
  for (const match of outsideDisplay.matchAll(INLINE_MATH)) if (TEX_BODY.test(match[1]!)) return true;
  return false;
}

/** An opening fence line with a closing fence of the same kind, at least as long, further down. */
function hasFencedCode(lines: readonly string[]): boolean {
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    if (lines.slice(i + 1).some((line) => close.test(line))) return true;
  }
  return false;
}

/** The cells of a table row: the text between `|`, an outer pipe on either side dropped. */
function tableCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/);
}

/** A header row with `|` directly over a divider (`---|:---:`) of as many cells (GFM's table). */
function hasTable(lines: readonly string[]): boolean {
  for (let i = 1; i < lines.length; i++) {
    const divider = lines[i]!;
    if (!divider.includes('-')) continue;
    const cells = tableCells(divider);
    const piped = divider.includes('|');
    if (!piped || !cells.every((cell) => /^\s*:?-+:?\s*$/.test(cell))) continue;
    const header = lines[i - 1]!;
    if (header.includes('|') && tableCells(header).length === cells.length) return true;
  }
  return false;
}

/**
 * Whether a cell holds what only Markdown means (math, fenced code, a table, an image). The importer
 * asks without images: its image pipeline decides those, since a refused image becomes its alt text.
 */
export function looksLikeMarkdown(text: string, { images = true }: { images?: boolean } = {}): boolean {
  if (!/[$`~|!]/.test(text)) return false;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return (images && IMAGE.test(text)) || hasMath(text) || hasFencedCode(lines) || hasTable(lines);
}

/** Characters that mean something anywhere in a line: emphasis, code, links, math, tables, autolinks. */
const INLINE_SIGNIFICANT = /[\\`*_[\]<>$|~]|&(?=#?[A-Za-z0-9]+;)/g;

/** The start of a line that Markdown reads as a heading, a list or a rule / setext underline. */
const LINE_START = /^[#+\-=]/;

/**
 * Plain text written so that Markdown shows it as typed: every character Markdown may read is
 * escaped with a backslash, and each line's indentation (which Markdown would read as code) is
 * dropped. `plainText(escapeMarkdown(t), 'markdown')` gives `t` back, so grading, search and voice
 * read the same text.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((raw) => {
      const line = raw.trim().replace(INLINE_SIGNIFICANT, (c) => `\\${c}`);
      // A leading number keeps its digits and has its `.` / `)` escaped: `1\. step` is not a list.
      return line.replace(LINE_START, (c) => `\\${c}`).replace(/^(\d{1,9})([.)])/, '$1\\$2');
    })
    .join('\n');
}

/** A backslash before a character escapeMarkdown escapes. */
const ESCAPED = /\\([\\`*_[\]<>$|~&#+\-=.)])/g;
const HAS_ESCAPE = new RegExp(ESCAPED.source);

/**
 * Whether a cell is already written the way escapeMarkdown writes plain text: it has an escape, and
 * escaping its unescaped form gives it back. Such a cell (a Markdown question exported and imported
 * again) is kept as it is rather than escaped twice.
 */
export function isEscapedPlain(text: string): boolean {
  if (!text.includes('\\') || !HAS_ESCAPE.test(text)) return false;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const trimmed = lines.map((line) => line.trim()).join('\n');
  return escapeMarkdown(trimmed.replace(ESCAPED, '$1')) === trimmed;
}
