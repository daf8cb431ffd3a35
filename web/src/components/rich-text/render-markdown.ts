import type { MarkdownIt as Markdown } from 'markdown-it';
import { createMarkdown } from '#markdown/markdown.js';
import { hasCodeBlock, hasMath, SAFE_URL } from '#shared/domain/rich-text.js';

/**
 * The browser's renderer for Markdown question text (D130, D131): the shared rule (markdown/markdown.ts)
 * then DOMPurify over its output (sanitize-html.ts). Math and highlighting are further chunks fetched
 * only when a text needs them.
 */

type Extras = { math: boolean; code: boolean; placeholders: boolean };
const renderers = new Map<string, Promise<Markdown>>();

export interface RenderOptions {
  /**
   * Images as placeholders (alt text and source, no request): the import preview, whose images are
   * fetched and stored only by the import itself (D259).
   */
  imagePlaceholders?: boolean;
}

async function renderer({ math, code, placeholders }: Extras): Promise<Markdown> {
  const key = `${math}:${code}:${placeholders}`;
  let made = renderers.get(key);
  if (!made) {
    made = (async () => {
      const [mathModule, highlightModule] = await Promise.all([
        math ? import('#markdown/math.js') : null,
        code ? import('#markdown/highlight.js') : null,
        code ? import('./highlight-style.js') : null,
      ]);
      const md = createMarkdown({ highlight: highlightModule?.highlight });
      if (placeholders) {
        md.validateLink = (url) => SAFE_URL.test(url.trim()) || PREVIEW_SOURCE.test(url.trim());
        md.renderer.rules.image = imagePlaceholder(md);
      }
      if (mathModule) mathModule.addMath(md);
      return md;
    })();
    renderers.set(key, made);
  }
  return made;
}

/** Sanitized HTML of a Markdown text. */
export async function renderMarkdown(text: string, options: RenderOptions = {}): Promise<string> {
  const md = await renderer({
    math: hasMath(text),
    code: hasCodeBlock(text),
    placeholders: !!options.imagePlaceholders,
  });
  const { sanitize } = await import('./sanitize-html.js');
  return sanitize(md.render(text));
}

/**
 * An import preview's image source: a deck's own media (`anki-media:<name>`) besides the usual
 * targets. Only ever written out as text by the placeholder rule, never as a URL.
 */
const PREVIEW_SOURCE = /^anki-media:/i;

type RenderRule = NonNullable<Markdown['renderer']['rules']['image']>;

/**
 * A box of thumbnail size in place of the image: its alt text and where it comes from (a deck's
 * media by its file name, a URL as typed), and no request.
 */
function imagePlaceholder(md: Markdown): RenderRule {
  const { escapeHtml } = md.utils;
  return (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const source = md.normalizeLinkText(String(token.attrGet('src') ?? '')).replace(PREVIEW_SOURCE, '');
    return (
      `<span class="rich-image-placeholder" role="img" aria-label="${escapeHtml(alt || source)}">` +
      (alt ? `<span class="rich-image-placeholder-alt">${escapeHtml(alt)}</span>` : '') +
      `<span class="rich-image-placeholder-source">${escapeHtml(source)}</span></span>`
    );
  };
}
