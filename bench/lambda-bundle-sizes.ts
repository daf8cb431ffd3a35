/**
 * Minified size of each Lambda bundle, built with the stack's own esbuild options
 * (infra/bundling.ts). Information only since D73: the budget is the cold import as a ratio to the
 * floor (bench/cold-start.ts), not bytes.
 *
 *   npx tsx bench/lambda-bundle-sizes.ts           # size per function, exit 1 when one does not build
 *   npx tsx bench/lambda-bundle-sizes.ts --why     # also the largest packages in each bundle
 */
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { esbuildOptions } from '../infra/bundling.js';
import { SCHEDULES } from '../infra/definitions/schedules.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';

export interface BundleSize {
  group: string;
  /** Bytes of the minified index.mjs (the source map is a separate file and not counted). */
  bytes: number;
  /** Bytes each package (or source folder) contributes to the output, largest first. */
  contributors: { name: string; bytes: number }[];
  /** Modules left for the runtime to provide (only Node built-ins are expected). */
  externalImports: string[];
  /** Set when the bundle could not be built (bytes is then 0). */
  error?: string;
}

/** Builds every route group's Lambda (and, with `includeJobs`, every job) in memory. */
export async function measureLambdaBundles(options: { includeJobs?: boolean } = {}): Promise<BundleSize[]> {
  const targets = [
    ...ROUTE_GROUPS.map((g) => ({ group: g.name, entry: g.handler })),
    ...(options.includeJobs ? SCHEDULES.map((s) => ({ group: `job-${s.name}`, entry: s.handler })) : []),
  ];
  const results: BundleSize[] = [];
  for (const { group, entry } of targets) {
    let result;
    try {
      result = await build({ ...esbuildOptions(entry), metafile: true, logLevel: 'silent' });
    } catch (error) {
      results.push({ group, bytes: 0, contributors: [], externalImports: [], error: (error as Error).message.split('\n').slice(0, 3).join(' ') });
      continue;
    }
    const js = result.outputFiles!.find((f) => f.path.endsWith('.mjs'))!;
    const output = Object.values(result.metafile!.outputs).find((o) => o.entryPoint)!;
    const byName = new Map<string, number>();
    for (const [file, input] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
      const name = pkg ?? file.split('/').slice(0, 2).join('/');
      byName.set(name, (byName.get(name) ?? 0) + input.bytesInOutput);
    }
    const contributors = [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
    const externalImports = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))].sort();
    results.push({ group, bytes: js.contents.byteLength, contributors, externalImports });
  }
  return results;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const why = process.argv.includes('--why');
  const sizes = await measureLambdaBundles({ includeJobs: true });
  let failed = 0;
  console.log('Lambda bundles (minified)');
  for (const { group, bytes, contributors, error } of sizes) {
    if (error) failed++;
    console.log(`  ${group.padEnd(28)} ${error ? `build failed: ${error}` : kb(bytes).padStart(10)}`);
    if (why) {
      for (const c of contributors.slice(0, 12)) console.log(`          ${kb(c.bytes).padStart(10)}  ${c.name}`);
    }
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
