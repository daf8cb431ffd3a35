/** The code colours, on their own: a page showing code the server rendered (D263) needs them without the highlighter. */
import 'highlight.js/styles/github.css';
