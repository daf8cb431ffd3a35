/**
 * KaTeX's style sheet (and through it its fonts), on its own: a page showing math the server
 * rendered (D263) needs it without the renderer.
 */
import 'katex/dist/katex.min.css';
