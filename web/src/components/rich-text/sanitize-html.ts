import DOMPurify from 'dompurify';
import { SAFE_URL } from '#shared/domain/rich-text.js';

/**
 * DOMPurify with our profile, over every HTML a question field shows — rendered here or by the server
 * (D131, D263): the sanitizer, not our patterns, decides what is safe. Its own chunk, so a page
 * showing server-rendered text fetches it without the renderer.
 */

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

/** HTML and MathML, no SVG, no forms, no styles but KaTeX's inline ones. */
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
