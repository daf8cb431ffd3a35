import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Our own modules that do something when they are evaluated, beyond defining names: a top-level
 * call that registers one domain with another, or languages with the highlighter. Every other
 * module of `functions/`, `shared/` and `markdown/` only defines names, which lets esbuild drop a
 * module none of whose names a Lambda uses (D509). tests/infra/side-effect-free.test.ts reads the
 * sources and keeps this list exact.
 */
export const MODULES_WITH_SIDE_EFFECTS: readonly string[] = [
  'functions/domains/studies/exam-links.ts',
  'functions/groups/group-handler.ts',
  'markdown/highlight.ts',
];

/** The folders of our code the rule covers (paths relative to the repository root). */
export const SIDE_EFFECT_FREE_FOLDERS = ['functions/', 'shared/', 'markdown/'] as const;

/** package.json's folder `imports` (`#shared/*` → `./shared/*`) as prefixes: `#shared/` → `shared/`. */
function folderImports(rootDir: string): [alias: string, folder: string][] {
  const { imports } = JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as {
    imports: Record<string, string>;
  };
  return Object.entries(imports)
    .filter(([alias, target]) => alias.endsWith('/*') && target.endsWith('/*'))
    .map(([alias, target]) => [alias.slice(0, -1), target.slice(2, -1)]);
}

/**
 * Marks our modules side-effect free, as a package.json `sideEffects` list would for a package
 * (ours holds the web app too, whose bundler must keep its style imports). Without it, importing one
 * name through a domain's `index.ts` keeps every module that index re-exports, because building a zod
 * schema at the top of a module is a call esbuild must assume has effects: the auth Lambda read the
 * exam store, the public-exam cache and a dozen contracts it never uses.
 *
 * Our sources import TypeScript files by their `.js` names, so the path is found here rather than by
 * asking esbuild to resolve each import again (which tripled the build's time); anything else — packages,
 * their own files, the modules named above — is left to esbuild.
 */
export function sideEffectFreeModules(rootDir: string): Plugin {
  const sideEffectFree = (path: string) => {
    const inRepository = relative(rootDir, path).split('\\').join('/');
    return (
      SIDE_EFFECT_FREE_FOLDERS.some((folder) => inRepository.startsWith(folder)) &&
      !MODULES_WITH_SIDE_EFFECTS.includes(inRepository) &&
      existsSync(path)
    );
  };
  const aliases = folderImports(rootDir);
  return {
    name: 'side-effect-free-modules',
    setup(build) {
      build.onResolve({ filter: /^(\.\.?\/|#).*\.js$/ }, (args) => {
        if (args.importer.includes('/node_modules/')) return undefined;
        const alias = aliases.find(([name]) => args.path.startsWith(name));
        if (args.path.startsWith('#') && !alias) return undefined;
        const source = alias
          ? resolve(rootDir, alias[1], args.path.slice(alias[0].length))
          : resolve(args.resolveDir, args.path);
        const path = source.replace(/\.js$/, '.ts');
        return sideEffectFree(path) ? { path, sideEffects: false } : undefined;
      });
    },
  };
}
