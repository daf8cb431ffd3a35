import './highlight-style.js';

/** The highlighter for the browser's renderer, loaded only for a text with a fenced code block (D133). */
export { highlight } from '#markdown/highlight.js';
