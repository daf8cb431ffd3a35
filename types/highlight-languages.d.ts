/** highlight.js's languages for the Node project, typed without the DOM (see highlight-core.d.ts). */
declare module 'highlight.js/lib/languages/*' {
  const language: import('./highlight-core.js').LanguageFn;
  export default language;
}
