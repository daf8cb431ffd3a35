import DOMPurify from 'dompurify';
import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';
import { hasCodeBlock, hasMath } from '#shared/domain/rich-text.js';

/**
 * The one rendering rule for Markdown question text (D130, D131): markdown-it with raw HTML and
 * linkify off, then DOMPurify over its output — the sanitizer, not our patterns, decides what is safe.
 * Math and highlighting are further chunks fetched only when a text needs them.
 */

/** Nesting beyond this is not a question anyone writes; markdown-it stops there instead of recursing. */
const MAX_NESTING = 20;

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
        math ? import('./math.js') : null,
        code ? import('./highlight.js') : null,
      ]);
      const md = new MarkdownIt('default', {
        html: false,
        linkify: false,
        typographer: false,
        breaks: true,
        maxNesting: MAX_NESTING,
        highlight: highlightModule ? (text, language) => highlightModule.highlight(text, language) : null,
      });
      md.validateLink = (url) => SAFE_URL.test(url.trim()) || (placeholders && PREVIEW_SOURCE.test(url.trim()));
      if (placeholders) md.renderer.rules.image = imagePlaceholder(md);
      if (mathModule) mathModule.addMath(md);
      return md;
    })();
    renderers.set(key, made);
  }
  return made;
}

let hooked = false;
function hookPurifier() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      if (!node.getAttribute('href')) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      const size = IMAGE_SIZE.exec(node.getAttribute('src') ?? '');
      if (size) {
        node.setAttribute('width', size[1]!);
        node.setAttribute('height', size[2]!);
      }
    }
    // Wide blocks scroll inside themselves (390 px phones); a scrolling region takes the keyboard focus.
    if (node.tagName === 'PRE' || node.tagName === 'TABLE' || node.classList.contains('katex-display')) {
      node.setAttribute('data-scroll-x', '');
      node.setAttribute('tabindex', '0');
    }
  });
}

/**
 * An image URL may end in `#<width>x<height>` (what the upload answers, D135): the page reserves the
 * space before the bytes arrive. The fragment never reaches the server, so caching is unaffected.
 */
const IMAGE_SIZE = /#(\d{1,4})x(\d{1,4})$/;

/** Only http(s), mailto and same-origin paths survive as link or image targets. */
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/** Sanitized HTML of a Markdown text. */
export async function renderMarkdown(text: string, options: RenderOptions = {}): Promise<string> {
  const md = await renderer({
    math: hasMath(text),
    code: hasCodeBlock(text),
    placeholders: !!options.imagePlaceholders,
  });
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

/** DOMPurify with our profile: HTML and MathML, no SVG, no forms, no styles but KaTeX's inline ones. */
export function sanitize(html: string): string {
  hookPurifier();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, mathMl: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['id', 'name', 'srcset'],
    // KaTeX wraps its MathML in <semantics> with the TeX source as a text-only <annotation> (never annotation-xml).
    ADD_TAGS: ['semantics', 'annotation'],
    ADD_ATTR: ['encoding'],
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}
