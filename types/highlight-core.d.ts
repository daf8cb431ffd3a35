/**
 * The parts of highlight.js the Markdown rule (markdown/highlight.ts) uses, for the Node project only
 * (tsconfig.node.json `paths`): the package's own types start with `/// <reference lib="dom" />`,
 * which would hand every Lambda's code the browser's globals. The browser project keeps the
 * package's types.
 */
export type LanguageFn = (hljs: never) => unknown;

declare const hljs: {
  registerLanguage(name: string, language: LanguageFn): void;
  registerAliases(aliases: string[], options: { languageName: string }): void;
  getLanguage(name: string): object | undefined;
  highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
};
export default hljs;
