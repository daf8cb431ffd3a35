/**
 * Cold module import of each Lambda bundle as a ratio to the physical floor (issue 15, D28 → D73):
 * a bundle holding only the DynamoDB document client, built from `functions/lib/aws/clients.ts`
 * with the same esbuild options (infra/bundling.ts). Every route group needs that client and reads
 * sessions with it, so nothing can start faster; what a group imports beyond it is the ratio.
 *
 * Each import runs in a fresh `node` process (a cold container evaluates the module once); the
 * bundles take turns round by round, so a busy machine slows all of them alike, and the median of
 * the rounds is compared. A group is the one-file bundle the stack deploys for it, so the
 * spreadsheet groups (D85) are measured as their own Lambdas; see D73 for the breakdown.
 *
 *   npx tsx bench/cold-start.ts [--rounds 9]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type BuildOptions } from 'esbuild';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { ROOT_DIR, esbuildOptions } from '../infra/bundling.js';

export const COLD_START_GOAL_RATIO = 1.25;

export interface ColdStart {
  group: string;
  bytes: number;
  /** Median cold import, CPU milliseconds. */
  importMs: number;
  ratio: number;
}

const FLOOR = 'floor (DynamoDB document client)';

async function bundle(options: BuildOptions): Promise<Uint8Array> {
  const result = await build({ ...options, sourcemap: false, logLevel: 'silent' });
  return result.outputFiles!.find((f) => f.path.endsWith('.mjs'))!.contents;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One cold import in a new process: the CPU time (user + system) from before `import()` to its
 * resolution. CPU time rather than wall time, because the bench shares its cores with whatever
 * else runs; a Lambda cold start spends the same CPU on its own vCPU share.
 */
function importOnce(file: string): number {
  const script = `const c=process.cpuUsage();await import(${JSON.stringify(pathToFileURL(file).href)});const d=process.cpuUsage(c);process.stdout.write(String((d.user+d.system)/1000));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, AWS_REGION: 'ap-northeast-2', LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    encoding: 'utf8',
  });
  return Number(out);
}

export async function measureColdStarts(options: { rounds?: number } = {}): Promise<{ floor: ColdStart; groups: ColdStart[] }> {
  const rounds = options.rounds ?? 9;
  const dir = mkdtempSync(join(tmpdir(), 'quizbank-cold-'));
  try {
    const floorOptions = esbuildOptions('functions/lib/aws/clients.ts');
    const targets: { group: string; bytes: Uint8Array }[] = [
      {
        group: FLOOR,
        bytes: await bundle({
          ...floorOptions,
          entryPoints: undefined,
          stdin: {
            contents: "import { dynamoDocument } from './functions/lib/aws/clients.js';\nexport const handler = () => dynamoDocument();\n",
            resolveDir: ROOT_DIR,
            sourcefile: 'floor.ts',
            loader: 'ts',
          },
        }),
      },
    ];
    for (const g of ROUTE_GROUPS) targets.push({ group: g.name, bytes: await bundle(esbuildOptions(g.handler)) });
    const files = targets.map((t, i) => {
      const file = join(dir, `${i}-${t.group.split(' ')[0]}.mjs`);
      writeFileSync(file, t.bytes);
      return file;
    });
    // One unmeasured round warms the file cache and the node binary.
    files.forEach(importOnce);
    const times = targets.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) files.forEach((file, i) => times[i]!.push(importOnce(file)));
    const floorMs = median(times[0]!);
    const results = targets.map((t, i) => ({ group: t.group, bytes: t.bytes.byteLength, importMs: median(times[i]!), ratio: median(times[i]!) / floorMs }));
    return { floor: results[0]!, groups: results.slice(1) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' } } });
  const { floor, groups } = await measureColdStarts({ rounds: Number(values.rounds) });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`${floor.group}: ${floor.importMs.toFixed(1)} ms CPU, ${kb(floor.bytes)}`);
  for (const g of groups) {
    console.log(
      `  ${g.ratio <= COLD_START_GOAL_RATIO ? 'PASS' : 'FAIL'}  ${g.group.padEnd(10)} ${g.ratio.toFixed(2)}×  ${g.importMs.toFixed(1).padStart(6)} ms  ${kb(g.bytes).padStart(8)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
