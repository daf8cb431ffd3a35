import './math-style.js';

/** KaTeX for the browser's renderer, loaded only for a text with `$…$` or `$$…$$` (D133). */
export { addMath } from '#markdown/math.js';
