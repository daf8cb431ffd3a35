import { dirname, join, relative, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { rollup, type OutputAsset, type OutputChunk, type Plugin } from 'rollup';
import type { LambdaOutput } from './bundling.js';

/**
 * esbuild's split output regrouped so that the init reads one file (D503).
 *
 * esbuild treats every `await import()` as an entry point of its own: code that index.mjs and a
 * lazy chunk both use lands in shared chunks, one per combination of importers, so a group's init
 * read 15–27 ES modules where one would do. Each module costs Node's loader its own resolve, read,
 * compile and link (about 1 ms on this machine), more than its bytes. Rollup knows that a
 * module index.mjs loads statically is already there when index.mjs runs an `import()`, so it puts
 * it in index.mjs and lets the lazy chunks import it from there. It only regroups what esbuild
 * built (no tree-shaking, no transform; a chunk nothing imports any more is left out): esbuild
 * stays the compiler, and the source maps are chained back to the TypeScript sources.
 *
 * `root` is where the files pretend to be (esbuild's virtual outdir): the maps' sources are
 * relative to it, as before.
 */
export async function mergeInitChunks(
  files: LambdaOutput[],
  metafile: Metafile,
  entryFile: string,
  root: string,
): Promise<{ files: LambdaOutput[]; metafile: Metafile }> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const decoder = new TextDecoder();
  const pathOf = (id: string) => relative(root, id);
  const withMaps = files.some((file) => file.path.endsWith('.map'));
  const esbuildOutput: Plugin = {
    name: 'esbuild-output',
    resolveId(source, importer) {
      if (!importer) return source;
      // Node built-ins and the optimizer stay imports of the asset, as esbuild left them.
      if (!source.startsWith('.')) return { id: source, external: true };
      return resolve(dirname(importer), source);
    },
    load(id) {
      const file = byPath.get(pathOf(id));
      if (!file) throw new Error(`esbuild output ${pathOf(id)} is missing`);
      const code = decoder.decode(file.contents).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      const map = byPath.get(`${pathOf(id)}.map`);
      return { code, map: map ? decoder.decode(map.contents) : null };
    },
  };
  const bundle = await rollup({
    input: join(root, entryFile),
    plugins: [esbuildOutput],
    treeshake: false,
    // index.mjs may export what the lazy chunks import from it, so it needs no facade file.
    preserveEntrySignatures: 'allow-extension',
    onLog(level, log) {
      // esbuild leaves a built-in's import in a chunk whose use it moved elsewhere: harmless.
      if (level === 'warn' && log.code !== 'UNUSED_EXTERNAL_IMPORT')
        throw new Error(`regrouping the Lambda's chunks: ${log.message}`);
    },
  });
  let output: (OutputChunk | OutputAsset)[];
  try {
    ({ output } = await bundle.generate({
      dir: root,
      format: 'es',
      entryFileNames: entryFile,
      // A chunk is named after its first module, esbuild's chunk; its hash is replaced by rollup's.
      chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].mjs`,
      sourcemap: withMaps,
      sourcemapExcludeSources: true,
    }));
  } finally {
    await bundle.close();
  }
  const encoder = new TextEncoder();
  const chunks = output.filter((item): item is OutputChunk => item.type === 'chunk');
  const maps = output.filter((item): item is OutputAsset => item.type === 'asset');
  return {
    files: [
      ...chunks.map((chunk) => ({ path: chunk.fileName, contents: encoder.encode(chunk.code) })),
      ...maps.map((map) => ({
        path: map.fileName,
        contents: typeof map.source === 'string' ? encoder.encode(map.source) : map.source,
      })),
    ],
    metafile: {
      inputs: metafile.inputs,
      outputs: Object.fromEntries(chunks.map((chunk) => [chunk.fileName, outputRecord(chunk, metafile, pathOf)])),
    },
  };
}

/**
 * The metafile record of one regrouped file: the source modules of the esbuild files it holds, and
 * rollup's imports, so `loadedAtInit` and the bundle tests read the asset as it is deployed.
 */
function outputRecord(
  chunk: OutputChunk,
  metafile: Metafile,
  pathOf: (id: string) => string,
): Metafile['outputs'][string] {
  const inputs: Metafile['outputs'][string]['inputs'] = {};
  for (const id of Object.keys(chunk.modules)) {
    const source = metafile.outputs[pathOf(id)];
    if (!source) throw new Error(`no esbuild record for ${pathOf(id)}`);
    for (const [input, { bytesInOutput }] of Object.entries(source.inputs))
      inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + bytesInOutput };
  }
  const isFile = (path: string) => path.endsWith('.mjs');
  const importsOf = (paths: string[], kind: 'import-statement' | 'dynamic-import') =>
    paths.map((path) => ({ path, kind, ...(!isFile(path) && { external: true }) }));
  return {
    bytes: Buffer.byteLength(chunk.code),
    inputs,
    imports: [...importsOf(chunk.imports, 'import-statement'), ...importsOf(chunk.dynamicImports, 'dynamic-import')],
    exports: chunk.exports,
    ...(chunk.isEntry && { entryPoint: Object.keys(chunk.modules)[0] }),
  };
}
