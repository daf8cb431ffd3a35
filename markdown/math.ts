import * as katexModule from '@vscode/markdown-it-katex';
import type { MarkdownIt } from 'markdown-it';
import type { KatexOptions } from 'katex';

type Plugin = (md: MarkdownIt, options: KatexOptions) => MarkdownIt;

/** The plugin is CommonJS with `exports.default`: bundlers and Node hand it over one or two levels deep. */
function pluginOf(module: unknown): Plugin {
  for (let level = module, depth = 0; depth < 3; depth++) {
    if (typeof level === 'function') return level as Plugin;
    level = typeof level === 'object' && level !== null ? (level as { default?: unknown }).default : undefined;
  }
  throw new Error('@vscode/markdown-it-katex exports no plugin function');
}
const katexPlugin = pluginOf(katexModule);

/**
 * KaTeX for `$…$` and `$$…$$` (D133), written out as MathML alone (D264): the browser draws it with the
 * system's math font, and screen readers read it, without KaTeX's style sheet and fonts. No
 * `\href`/`\url` (trust off), and bounded sizes and macro expansion so a hostile formula cannot hang
 * or blow up the page. The plugin passes these options on to KaTeX; a display formula comes in a
 * `<p class="katex-block">`.
 */
export function addMath(md: MarkdownIt): void {
  katexPlugin(md, {
    output: 'mathml',
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 200,
  });
}
