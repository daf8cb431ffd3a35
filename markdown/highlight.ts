import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * Highlighting for fenced code blocks (D133): highlight.js core with the languages questions are
 * written about, not its 190-language bundle. The page needs a highlight.js theme to colour it.
 */
const LANGUAGES = { bash, go, java, javascript, json, python, sql, typescript, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['js', 'jsx', 'mjs'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['golang'], { languageName: 'go' });

/** Highlighted HTML of a block in a known language; '' lets markdown-it escape it as plain code. */
export function highlight(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  if (!name || !hljs.getLanguage(name)) return '';
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return '';
  }
}
