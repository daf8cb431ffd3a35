/**
 * Minified size of each Lambda bundle, built with the stack's own esbuild options
 * (infra/bundling.ts): what is read at init (index.mjs and the chunks it imports statically) and
 * every script of the asset (the lazily imported chunks too, D106). Information only since D73: the
 * budget is the cold import as a ratio to the floor (bench/cold-start.ts), not bytes.
 *
 *   npx tsx bench/lambda-bundle-sizes.ts           # size per function, exit 1 when one does not build
 *   npx tsx bench/lambda-bundle-sizes.ts --why     # also the largest packages in each bundle
 */
import { pathToFileURL } from 'node:url';
import { buildLambdaInMemory, loadedAtInit, metafileOutput, scriptBytes } from '../infra/bundling.js';
import { SCHEDULES } from '../infra/definitions/schedules.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';

export interface BundleSize {
  group: string;
  /** Bytes of the scripts read at init: index.mjs and the chunks it imports statically (source maps not counted). */
  bytes: number;
  /** Bytes of every script of the asset, the lazily imported chunks included. */
  totalBytes: number;
  /** Every output file of the asset (scripts and source maps) with its size, as the stack stages it. */
  files: { path: string; bytes: number }[];
  /** Bytes each package (or source folder) contributes to the scripts read at init, largest first. */
  contributors: { name: string; bytes: number }[];
  /** Modules left for the runtime to provide (only Node built-ins are expected). */
  externalImports: string[];
  /** Set when the bundle could not be built (bytes is then 0). */
  error?: string;
}

/**
 * Builds every route group's Lambda (and, with `includeJobs`, every job) in memory; `only` keeps
 * the functions of those names (`system`, `job-fsrs-fit`).
 */
export async function measureLambdaBundles(
  options: { includeJobs?: boolean; only?: readonly string[] } = {},
): Promise<BundleSize[]> {
  const targets = [
    ...ROUTE_GROUPS.map((g) => ({ group: g.name, entry: g.handler })),
    ...(options.includeJobs ? SCHEDULES.map((s) => ({ group: `job-${s.name}`, entry: s.handler })) : []),
  ].filter(({ group }) => !options.only || options.only.includes(group));
  const results: BundleSize[] = [];
  for (const { group, entry } of targets) {
    let lambda;
    try {
      lambda = await buildLambdaInMemory(entry, { logLevel: 'silent' });
    } catch (error) {
      const message = (error as Error).message.split('\n').slice(0, 3).join(' ');
      results.push({
        group,
        bytes: 0,
        totalBytes: 0,
        files: [],
        contributors: [],
        externalImports: [],
        error: message,
      });
      continue;
    }
    const scripts = [lambda.entry, ...lambda.chunks];
    const atInit = loadedAtInit(lambda);
    const byName = new Map<string, number>();
    for (const path of atInit) {
      for (const [file, input] of Object.entries(metafileOutput(lambda, path).inputs)) {
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
        const name = pkg ?? file.split('/').slice(0, 2).join('/');
        byName.set(name, (byName.get(name) ?? 0) + input.bytesInOutput);
      }
    }
    const contributors = [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
    const externalImports = [
      ...new Set(
        scripts.flatMap((script) =>
          metafileOutput(lambda, script.path)
            .imports.filter((i) => i.external)
            .map((i) => i.path),
        ),
      ),
    ].sort();
    results.push({
      group,
      bytes: scriptBytes(lambda, atInit),
      totalBytes: scriptBytes(lambda),
      files: lambda.files.map((file) => ({ path: file.path, bytes: file.contents.byteLength })),
      contributors,
      externalImports,
    });
  }
  return results;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const why = process.argv.includes('--why');
  const sizes = await measureLambdaBundles({ includeJobs: true });
  let failed = 0;
  console.log('Lambda bundles (minified): read at init / all scripts with the lazy chunks');
  for (const { group, bytes, totalBytes, contributors, error } of sizes) {
    if (error) failed++;
    console.log(
      `  ${group.padEnd(28)} ${error ? `build failed: ${error}` : `${kb(bytes).padStart(10)} / ${kb(totalBytes).padStart(10)}`}`,
    );
    if (why) {
      for (const c of contributors.slice(0, 12)) console.log(`          ${kb(c.bytes).padStart(10)}  ${c.name}`);
    }
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
