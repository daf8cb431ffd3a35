/**
 * Import resolver for eslint-plugin-boundaries (eslint-module-utils interface v2) that asks the
 * TypeScript compiler, so ESLint sees exactly the files tsc sees: `./x.js` specifiers that name
 * `x.ts` sources, and the `#shared/*` subpath imports of package.json. The resolver the plugin
 * ships (eslint-import-resolver-node) finds neither, and an unresolved import is silently exempt
 * from the architecture rules. eslint-import-resolver-typescript would do the same job; it is not
 * installed, and this adapter is only glue around `ts.resolveModuleName`.
 * CommonJS because eslint-module-utils loads resolvers with `require`.
 */
const { builtinModules } = require('node:module');
const ts = require('typescript');

const compilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
const cache = ts.createModuleResolutionCache(process.cwd(), (fileName) => fileName, compilerOptions);
const builtins = new Set(builtinModules);

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (source.startsWith('node:') || builtins.has(source)) return { found: true, path: null };
  // Every module of the repository is ESM ("type": "module"), so resolve as an import.
  const { resolvedModule } = ts.resolveModuleName(
    source,
    file,
    compilerOptions,
    ts.sys,
    cache,
    undefined,
    ts.ModuleKind.ESNext,
  );
  return resolvedModule ? { found: true, path: resolvedModule.resolvedFileName } : { found: false };
};
