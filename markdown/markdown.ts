import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';
import { isSafeImageUrl, SAFE_URL } from '#shared/domain/rich-text.js';

/**
 * The one Markdown rule for question text (D130, D131, D263), used by the browser's renderer
 * (web/src/components/rich-text/) and by the exam read, which renders a take-exam's first questions
 * before the client (functions/domains/exams/rendered-texts.ts). Raw HTML and linkify are off; what
 * reaches a page is still passed through DOMPurify there. Math (math.ts) and highlighting
 * (highlight.ts) are separate modules so the browser fetches them only for a text that needs them.
 * No DOM and no Node built-ins: it runs in both.
 */

/** Nesting beyond this is not a question anyone writes; markdown-it stops there instead of recursing. */
export const MAX_NESTING = 20;

export interface MarkdownOptions {
  /** Highlighted HTML of a fenced block in a language ('' leaves it to markdown-it's escaping). */
  highlight?: (code: string, language: string) => string;
}

export function createMarkdown({ highlight }: MarkdownOptions = {}): Markdown {
  const md = new MarkdownIt('default', {
    html: false,
    linkify: false,
    typographer: false,
    breaks: true,
    maxNesting: MAX_NESTING,
    highlight: highlight ?? null,
  });
  md.validateLink = (url) => SAFE_URL.test(url.trim());
  // An image anywhere but our image routes or another https host stays its alt text (D350).
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) =>
    isSafeImageUrl(String(tokens[idx]!.attrGet('src') ?? ''))
      ? image(tokens, idx, options, env, self)
      : md.utils.escapeHtml(self.renderInlineAsText(tokens[idx]!.children ?? [], options, env));
  return md;
}
