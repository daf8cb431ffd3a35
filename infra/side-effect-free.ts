import { relative } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Our own modules that do something when they are evaluated, beyond defining names: a top-level
 * call that registers one domain with another, or languages with the highlighter. Every other module of `functions/`, `shared/` and
 * `markdown/` only defines names, which lets esbuild drop a module none of whose names a Lambda uses
 * (D509). tests/infra/side-effect-free.test.ts reads the sources and keeps this list exact.
 */
export const MODULES_WITH_SIDE_EFFECTS: readonly string[] = [
  'functions/domains/studies/exam-links.ts',
  'functions/groups/group-handler.ts',
  'markdown/highlight.ts',
];

/** The folders of our code the rule covers (paths relative to the repository root). */
export const SIDE_EFFECT_FREE_FOLDERS = ['functions/', 'shared/', 'markdown/'] as const;

/**
 * Marks our modules side-effect free, as a package.json `sideEffects` list would for a package
 * (ours holds the web app too, whose bundler must keep its style imports). Without it, importing one
 * name through a domain's `index.ts` keeps every module that index re-exports, because building a zod
 * schema at the top of a module is a call esbuild must assume has effects: the auth Lambda read the
 * exam store, the public-exam cache and a dozen contracts it never uses.
 */
export function sideEffectFreeModules(rootDir: string): Plugin {
  return {
    name: 'side-effect-free-modules',
    setup(build) {
      build.onResolve({ filter: /^(\.|#shared\/|#markdown\/)/ }, async (args) => {
        if (args.pluginData === SELF) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SELF,
        });
        if (resolved.errors.length > 0 || resolved.external) return resolved;
        const path = relative(rootDir, resolved.path).split('\\').join('/');
        const ours = SIDE_EFFECT_FREE_FOLDERS.some((folder) => path.startsWith(folder));
        return ours && !MODULES_WITH_SIDE_EFFECTS.includes(path) ? { ...resolved, sideEffects: false } : resolved;
      });
    },
  };
}

/** Marks the plugin's own inner resolve, so that it is not asked again. */
const SELF = Symbol('side-effect-free-modules');
