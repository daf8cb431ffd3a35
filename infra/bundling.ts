import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { build, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { mergeInitChunks } from './init-chunk-merge.js';
import { sideEffectFreeModules } from './side-effect-free.js';

/** Repository root: entries in the manifest and schedules are relative to it. */
export const ROOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The Lambda handler's file in every asset (`index.handler`); lazily imported code sits in chunks beside it. */
export const LAMBDA_ENTRY_FILE = 'index.mjs';
/** The Lambda's handler setting: `handler` exported by index.mjs. */
export const LAMBDA_HANDLER = 'index.handler';

/** The fsrs-rs optimizer (per-learner FSRS weights): a native Node-API module. */
export const OPTIMIZER_PACKAGE = '@open-spaced-repetition/binding';
/**
 * Its Linux binary. 0.5.0 is published for linux-x64-gnu only (linux-arm64-gnu, the musl and
 * wasm32-wasi builds stop at 0.1.2), so the functions that fit run on x86_64 Lambda, whose Amazon
 * Linux 2023 is glibc: the package npm installs on this linux-x64 machine is the one deployed.
 */
export const OPTIMIZER_BINARY_PACKAGE = '@open-spaced-repetition/binding-linux-x64-gnu';
/** Entries whose bundle imports the optimizer: they run on x86_64 (`lambdaArchitecture`). */
export const OPTIMIZER_ENTRIES = [
  'functions/groups/memory-fit.ts',
  'functions/jobs/fsrs-fit.ts',
  'functions/jobs/fsrs-fit-worker.ts',
];
/** Every other function runs on arm64 (D-performance); the optimizer's ones on x86_64. */
export const lambdaArchitecture = (entry: string): 'arm64' | 'x86_64' =>
  OPTIMIZER_ENTRIES.includes(entry) ? 'x86_64' : 'arm64';

/**
 * The one description of how every Lambda is bundled (D106). The stack (app-function.ts, through
 * `buildLambdaAsset`) and the bench and tests (through `buildLambdaInMemory`) both take their
 * options from here, so what is measured is what is deployed.
 *
 * Code splitting: every `await import()` becomes a chunk of its own under `chunks/`, which Node
 * reads only when the import runs. In one file V8 would still read and pre-parse it on every cold
 * start (D73), so a route's heavy client would cost every route of its group. esbuild's files are
 * then regrouped (init-chunk-merge.ts, D503) so that the init reads index.mjs alone.
 */
export function lambdaBuildOptions(entry: string): BuildOptions {
  return {
    entryPoints: [resolve(ROOT_DIR, entry)],
    absWorkingDir: ROOT_DIR,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    splitting: true,
    entryNames: 'index',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    minify: true,
    sourcemap: true,
    /** Only the mappings are needed (lib/mapped-stack.ts maps logged stacks, D108); dropping sources keeps the zip small. */
    sourcesContent: false,
    /** Prefer the ESM builds of dependencies (the AWS SDK v3 ships them) so esbuild can tree-shake. */
    mainFields: ['module', 'main'],
    /** Keep Korean strings as UTF-8 rather than \uXXXX escapes (half the bytes). */
    charset: 'utf8',
    /**
     * The AWS SDK v3 is bundled, pinned by package-lock and tree-shaken. Only the fsrs-rs optimizer
     * stays external: it loads a native `.node` binary by `require`, which esbuild cannot bundle;
     * `buildLambdaAsset` copies it beside the code (NATIVE_PACKAGES).
     */
    external: [OPTIMIZER_PACKAGE],
    /**
     * Node's web streams are read only when used: @middy/core imports them at load for streamed
     * answers we never give (lambda-shims/node-stream-web.ts).
     */
    alias: {
      'node:stream/web': resolve(ROOT_DIR, 'infra/lambda-shims/node-stream-web.ts'),
      /**
       * The modules that only write workbooks import SheetJS as `#xlsx-writer` (package.json maps it to
       * `xlsx` for Node, TypeScript and the tests). Here it is the same file under a suffix, which esbuild
       * takes for another module and tree-shakes to what writing uses: ~337 KB against ~497 KB whole, so a
       * download loads only that; the reading copy (~361 KB) loads where a route reads a file (D501).
       * SheetJS keeps no global state we set, so the two copies never need to agree.
       */
      '#xlsx-writer': 'xlsx/xlsx.mjs?write-only',
    },
    /**
     * CommonJS dependencies bundled into ESM may still call `require` for Node built-ins. esbuild
     * writes the banner at the top of every output file, chunks included: each is a module of its own.
     */
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    /** A module none of whose names the Lambda uses is left out (D509). */
    plugins: [sideEffectFreeModules(ROOT_DIR)],
    logLevel: 'warning',
  };
}

/**
 * Where every build pretends to write (esbuild's `outdir` with `write: false`): the repository root.
 * Each source map then names its sources as in the repository (`functions/…`, `node_modules/…`),
 * and the output — chunk hashes cover the maps — is the same bytes wherever CDK stages it or the
 * bench writes it. Nothing is written there: the files are taken from memory.
 */
const VIRTUAL_OUTDIR = ROOT_DIR;

/** One output file of a Lambda build, by its path inside the asset (`index.mjs`, `chunks/…`). */
export interface LambdaOutput {
  path: string;
  contents: Uint8Array;
}

const assetFiles = (outputFiles: OutputFile[]): LambdaOutput[] =>
  outputFiles.map((file) => ({ path: relative(VIRTUAL_OUTDIR, file.path), contents: file.contents }));

function writeFiles(files: LambdaOutput[], dir: string): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.contents);
  }
}

/**
 * Builds a Lambda's asset into `outdir` (index.mjs, chunks/*.mjs and their source maps). Synchronous,
 * because CDK's local bundling (`ILocalBundling.tryBundle`) is, and the regrouping (rollup) is not:
 * the build runs in a child Node (build-lambda-asset.ts) that this call waits for.
 */
export function buildLambdaAsset(entry: string, outdir: string): void {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./build-lambda-asset.ts', import.meta.url)), entry, outdir],
    { cwd: ROOT_DIR, stdio: 'inherit' },
  );
}

/** The asset of `entry` written to `outdir`, with the optimizer where the code imports it. */
export async function writeLambdaAsset(entry: string, outdir: string): Promise<void> {
  const lambda = await buildLambdaInMemory(entry);
  writeLambdaBuild(lambda, outdir);
  if (importsOptimizer(lambda.metafile)) copyOptimizer(entry, outdir);
}

/** Whether any output file imports the external optimizer. */
export const importsOptimizer = (metafile: Metafile) =>
  Object.values(metafile.outputs).some((output) =>
    output.imports.some((imported) => imported.external && imported.path === OPTIMIZER_PACKAGE),
  );

/**
 * The optimizer's JavaScript loader and its linux-x64-gnu binary into the asset's `node_modules`,
 * where Node resolves the bundle's external import. Only an x86_64 function may carry it.
 */
function copyOptimizer(entry: string, outdir: string): void {
  if (lambdaArchitecture(entry) !== 'x86_64')
    throw new Error(`${entry} imports ${OPTIMIZER_PACKAGE}: add it to OPTIMIZER_ENTRIES (x86_64) in infra/bundling.ts`);
  for (const name of [OPTIMIZER_PACKAGE, OPTIMIZER_BINARY_PACKAGE]) {
    const from = join(ROOT_DIR, 'node_modules', name);
    if (!existsSync(from))
      throw new Error(`${name} is not installed: run npm ci on linux-x64 (its binary is an optional dependency)`);
    cpSync(from, join(outdir, 'node_modules', name), { recursive: true });
  }
}

export interface LambdaBuild {
  /** `index.mjs`, the file the Lambda runtime imports at init. */
  entry: LambdaOutput;
  /** Every other script (`chunks/*.mjs`): shared code index.mjs imports statically, and lazily imported code. */
  chunks: LambdaOutput[];
  /** Every output file: the scripts above and their source maps. */
  files: LambdaOutput[];
  /** esbuild's metafile; `metafileOutput` finds an output file's record in it. */
  metafile: Metafile;
}

/** The same build in memory, for measuring (bench) and inspecting (tests); `overrides` e.g. turn minify off. */
export async function buildLambdaInMemory(entry: string, overrides: BuildOptions = {}): Promise<LambdaBuild> {
  const result = await build({
    ...lambdaBuildOptions(entry),
    ...overrides,
    outdir: VIRTUAL_OUTDIR,
    write: false,
    metafile: true,
  });
  const { files, metafile } = await mergeInitChunks(
    assetFiles(result.outputFiles),
    result.metafile,
    LAMBDA_ENTRY_FILE,
    VIRTUAL_OUTDIR,
  );
  const scripts = files.filter((file) => file.path.endsWith('.mjs'));
  return {
    entry: scripts.find((file) => file.path === LAMBDA_ENTRY_FILE)!,
    chunks: scripts.filter((file) => file.path !== LAMBDA_ENTRY_FILE),
    files,
    metafile,
  };
}

/** Writes an in-memory build to `dir` as the asset holds it, so it can be imported. */
export function writeLambdaBuild(lambda: LambdaBuild, dir: string): void {
  writeFiles(lambda.files, dir);
}

/**
 * The metafile's record of one output file (`index.mjs`, `chunks/…`). Metafile paths are relative to
 * `absWorkingDir`, which is the output directory too, so they are the paths inside the asset.
 */
export function metafileOutput(lambda: LambdaBuild, path: string): Metafile['outputs'][string] {
  const output = lambda.metafile.outputs[path];
  if (!output) throw new Error(`no output ${path} in the build`);
  return output;
}

/**
 * The scripts Node reads when the Lambda starts: `index.mjs` and the chunks it imports statically
 * (code it shares with a lazy chunk sits in a chunk of its own), transitively. Every other chunk
 * is read only when an `await import()` runs.
 */
export function loadedAtInit(lambda: LambdaBuild): string[] {
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of metafileOutput(lambda, path).imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(LAMBDA_ENTRY_FILE);
  return [...loaded];
}

/** Bytes of a build's scripts (source maps not counted): all of them, or those named (e.g. `loadedAtInit(lambda)`). */
export function scriptBytes(lambda: LambdaBuild, paths?: string[]): number {
  return [lambda.entry, ...lambda.chunks]
    .filter((script) => !paths || paths.includes(script.path))
    .reduce((sum, script) => sum + script.contents.byteLength, 0);
}
