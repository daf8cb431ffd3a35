import DOMPurify from 'dompurify';
import { isSafeImageUrl, SAFE_URL } from '#shared/domain/rich-text.js';

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
      // Loading it would call our API as the viewer (D350): an image without a source loads nothing.
      if (!isSafeImageUrl(node.getAttribute('src') ?? '', globalThis.location?.origin)) node.removeAttribute('src');
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
    if (node.tagName === 'PRE' || node.tagName === 'TABLE' || node.classList.contains('katex-block')) {
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

/**
 * The MathML presentation attributes KaTeX writes (D264). DOMPurify checks the value of any attribute it
 * does not know as URI-safe against the URL rule, which `block`, `true` or `0.1667em` fail: without
 * this list the browser drew every formula inline and unstretched. None of them can hold a URL
 * (`href` is not among them and stays under the URL rule).
 */
const MATHML_ATTRIBUTES = [
  'accent',
  'accentunder',
  'columnalign',
  'columnlines',
  'columnspacing',
  'depth',
  'display',
  'displaystyle',
  'encoding',
  'fence',
  'height',
  'largeop',
  'linebreak',
  'linethickness',
  'lspace',
  'mathbackground',
  'mathcolor',
  'mathsize',
  'mathvariant',
  'maxsize',
  'minsize',
  'notation',
  'rowlines',
  'rowspacing',
  'rspace',
  'scriptlevel',
  'separator',
  'stretchy',
  'voffset',
  'width',
];

/** HTML and MathML, no SVG, no forms, no style elements. */
export function sanitize(html: string): string {
  hookPurifier();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, mathMl: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['id', 'name', 'srcset'],
    // KaTeX wraps its MathML in <semantics> with the TeX source as a text-only <annotation> (never annotation-xml).
    ADD_TAGS: ['semantics', 'annotation'],
    ADD_ATTR: ['encoding'],
    ADD_URI_SAFE_ATTR: MATHML_ATTRIBUTES,
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}
