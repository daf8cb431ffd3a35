import { LRUCache } from 'lru-cache';
import type { MarkdownIt as Markdown } from 'markdown-it';
import { highlight } from '#markdown/highlight.js';
import { createMarkdown } from '#markdown/markdown.js';
import { addMath } from '#markdown/math.js';
import { hasCodeBlock, hasMath } from '#shared/domain/rich-text.js';

/**
 * The server's half of D263: the same Markdown rule as the browser (markdown/), with math and
 * highlighting chosen per text exactly as the browser chooses them, so a text renders the same
 * wherever it is rendered. Imported lazily (rendered-texts.ts): only a read that has Markdown to
 * render reads markdown-it, KaTeX and highlight.js, not every cold start of the exams Lambda.
 */
const renderers = new Map<string, Markdown>();

function renderer(math: boolean, code: boolean): Markdown {
  const key = `${math}:${code}`;
  let md = renderers.get(key);
  if (!md) {
    md = createMarkdown({ highlight: code ? highlight : undefined });
    if (math) addMath(md);
    renderers.set(key, md);
  }
  return md;
}

/**
 * Rendered texts for the Lambda's life, bounded by size (characters): a read of an exam many learners
 * take renders its first questions once per instance, not on every read (KaTeX is ~5 ms a formula).
 */
const rendered = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (html, text) => html.length + text.length,
});

/** HTML of a Markdown text, for the browser to sanitize (raw HTML is never passed through). */
export function markdownHtml(text: string): string {
  let html = rendered.get(text);
  if (html === undefined) {
    html = renderer(hasMath(text), hasCodeBlock(text)).render(text);
    rendered.set(text, html);
  }
  return html;
}
