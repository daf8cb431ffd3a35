/**
 * Cold module import of each Lambda bundle as a ratio to the physical floor (D28 → D73):
 * a bundle holding only the DynamoDB document client, built from `functions/runtime/aws/clients.ts`
 * with the same esbuild options (infra/bundling.ts). Every route group needs that client and reads
 * sessions with it, so nothing can start faster; what a group imports beyond it is the ratio.
 *
 * Each import runs in a fresh `node` process (a cold container evaluates the module once). Each
 * group's import is paired with a floor import run just before or after it (alternately), and the
 * ratio is the median of those per-pair ratios (D107): the machine's speed drifts by several per
 * cent over a run, and a floor measured seconds away from a group would carry that drift into its
 * ratio. A group is the asset the stack deploys for it (index.mjs and its chunks,
 * D106), so the spreadsheet groups (D85) are measured as their own Lambdas; see D73 for the breakdown.
 * The figure is the import of index.mjs, which is the Lambda's init: it reads the chunks index.mjs
 * imports statically, not those behind an `await import()`. As information, each group is also
 * imported with every chunk ("all routes' code"): what a route that needs the deferred chunks pays
 * on its first request, beyond the init.
 *
 *   npx tsx bench/cold-start.ts [--rounds 9] [--group exams --group system] [--no-requests]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { BuildOptions } from 'esbuild';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { prepareColdRequests } from './cold-request.js';
import {
  LAMBDA_ENTRY_FILE,
  ROOT_DIR,
  buildLambdaInMemory,
  loadedAtInit,
  scriptBytes,
  writeLambdaBuild,
  type LambdaBuild,
} from '../infra/bundling.js';

export interface ColdStart {
  group: string;
  /** Bytes read at init: index.mjs and the chunks it imports statically. */
  bytes: number;
  /** Bytes of every script of the asset, the lazily imported chunks included (information). */
  totalBytes: number;
  /** Median cold import of index.mjs, CPU milliseconds. */
  importMs: number;
  ratio: number;
  /** Median cold import of index.mjs plus every chunk, CPU milliseconds (information). */
  allChunksImportMs: number;
  allChunksRatio: number;
  /** The whole cold request (init + first answer of one route, cold-request.ts), when measured. */
  request?: { route: string; ms: number; ratio: number };
}

const FLOOR = 'floor (DynamoDB document client)';

/**
 * The whole cold request's budget, as a ratio to the request floor (D499): the spreadsheet groups
 * (`*-sheets`, D85) load SheetJS for their representative route, every other group does not.
 */
export const COLD_REQUEST_BUDGET = { everyday: 1.8, sheets: 2.4 } as const;

export function coldRequestBudget(group: string): number {
  return group.endsWith('-sheets') ? COLD_REQUEST_BUDGET.sheets : COLD_REQUEST_BUDGET.everyday;
}

/** The split build without source maps (they are not read at import), written to `dir`. */
async function buildInto(
  dir: string,
  entry: string,
  overrides: BuildOptions = {},
): Promise<{ build: LambdaBuild; files: string[] }> {
  const build = await buildLambdaInMemory(entry, { ...overrides, sourcemap: false, logLevel: 'silent' });
  writeLambdaBuild(build, dir);
  return {
    build,
    files: [LAMBDA_ENTRY_FILE, ...build.chunks.map((chunk) => chunk.path)].map((path) => join(dir, path)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One cold import in a new process: the CPU time (user + system) from before `import()` to its
 * resolution. CPU time rather than wall time, because the bench shares its cores with whatever
 * else runs; a Lambda cold start spends the same CPU on its own vCPU share.
 */
function importOnce(files: string[]): number {
  const imports = files.map((file) => `import(${JSON.stringify(pathToFileURL(file).href)})`).join(',');
  const script = `const c=process.cpuUsage();await Promise.all([${imports}]);const d=process.cpuUsage(c);process.stdout.write(String((d.user+d.system)/1000));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'ap-northeast-2',
      LOG_LEVEL: 'silent',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    encoding: 'utf8',
  });
  return Number(out);
}

/**
 * One whole cold request in a new process: the CPU time from before the import of `entry` until its
 * handler has answered `args` (an event and a Lambda context, or the floor's table and key). The
 * process exits at once after, as a frozen Lambda would stop spending: the SDK's open sockets do not
 * keep it alive.
 */
function requestOnce(
  entry: string,
  args: string,
  env: Record<string, string>,
): { ms: number; status: number | undefined } {
  const context = `{awsRequestId:'bench',functionName:'bench',getRemainingTimeInMillis:()=>10000,callbackWaitsForEmptyEventLoop:false}`;
  const script =
    `const c=process.cpuUsage();const m=await import(${JSON.stringify(pathToFileURL(entry).href)});` +
    `const r=await m.handler(...${args},${context});const d=process.cpuUsage(c);` +
    `process.stdout.write(String.fromCharCode(10)+JSON.stringify({ms:(d.user+d.system)/1000,status:r?.statusCode}),()=>process.exit(0));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { ms: number; status: number | undefined };
}

export async function measureColdStarts(
  options: { rounds?: number; requests?: boolean; groups?: string[] } = {},
): Promise<{ floor: ColdStart; groups: ColdStart[] }> {
  const rounds = options.rounds ?? 9;
  const dir = mkdtempSync(join(tmpdir(), 'quizbank-cold-'));
  const world = options.requests ? await prepareColdRequests() : undefined;
  try {
    const floorOverrides: BuildOptions = {
      entryPoints: undefined,
      stdin: {
        contents:
          "import { dynamoDocument } from './functions/runtime/aws/clients.js';\nexport const handler = () => dynamoDocument();\n",
        resolveDir: ROOT_DIR,
        sourcefile: 'floor.ts',
        loader: 'ts',
      },
    };
    const targets = [
      { group: FLOOR, ...(await buildInto(join(dir, 'floor'), 'functions/runtime/aws/clients.ts', floorOverrides)) },
    ];
    // The floor of a whole request: the same client, and the one read every signed-in request makes.
    const requestFloor = await buildInto(join(dir, 'request-floor'), 'functions/runtime/aws/clients.ts', {
      ...floorOverrides,
      stdin: {
        ...floorOverrides.stdin,
        contents:
          "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nimport { dynamoDocument } from './functions/runtime/aws/clients.js';\n" +
          'export const handler = async (table, key) => { await dynamoDocument().send(new GetCommand({ TableName: table, Key: key })); return { statusCode: 200 }; };\n',
        sourcefile: 'request-floor.js',
        loader: 'js',
      },
    });
    for (const g of ROUTE_GROUPS.filter((group) => !options.groups || options.groups.includes(group.name)))
      targets.push({ group: g.name, ...(await buildInto(join(dir, g.name), g.handler)) });
    const floorEntry = [targets[0]!.files[0]!];
    // One unmeasured round warms the file cache and the node binary.
    for (const t of targets) importOnce(t.files);
    /** Per target: its init import, entry + every chunk, and the floor import paired with each round; the same for whole requests. */
    const samples = targets.map(() => ({
      init: [] as number[],
      all: [] as number[],
      floor: [] as number[],
      request: [] as number[],
      requestFloor: [] as number[],
    }));
    const floorRequest = () =>
      requestOnce(requestFloor.files[0]!, JSON.stringify([world!.floorRead.table, world!.floorRead.key]), world!.env)
        .ms;
    const groupRequest = (group: string) => {
      const cold = world!.requests.find((r) => r.group === group)!;
      return () => {
        const { ms, status } = requestOnce(
          targets.find((t) => t.group === group)!.files[0]!,
          JSON.stringify([cold.event]),
          world!.env,
        );
        if (status !== cold.expectedStatus)
          throw new Error(`cold request ${cold.route} (${group}) answered ${status}, expected ${cold.expectedStatus}`);
        return ms;
      };
    };
    for (let round = 0; round < rounds; round++) {
      targets.forEach((t, i) => {
        const sample = samples[i]!;
        // The floor goes first in even rounds and last in odd ones, so neither side gains from its place.
        if (round % 2 === 0) sample.floor.push(importOnce(floorEntry));
        sample.init.push(importOnce([t.files[0]!]));
        sample.all.push(importOnce(t.files));
        if (round % 2 === 1) sample.floor.push(importOnce(floorEntry));
        if (!world || t.group === FLOOR) return;
        const request = groupRequest(t.group);
        if (round % 2 === 0) sample.requestFloor.push(floorRequest());
        sample.request.push(request());
        if (round % 2 === 1) sample.requestFloor.push(floorRequest());
      });
    }
    const pairedRatio = (values: number[], floors: number[]) => median(values.map((value, k) => value / floors[k]!));
    const results = targets.map(({ group, build }, i): ColdStart => {
      const { init, all, floor, request, requestFloor: requestFloors } = samples[i]!;
      const cold = world?.requests.find((r) => r.group === group);
      return {
        ...(cold && {
          request: { route: cold.route, ms: median(request), ratio: pairedRatio(request, requestFloors) },
        }),
        group,
        bytes: scriptBytes(build, loadedAtInit(build)),
        totalBytes: scriptBytes(build),
        importMs: median(init),
        ratio: pairedRatio(init, floor),
        allChunksImportMs: median(all),
        allChunksRatio: pairedRatio(all, floor),
      };
    });
    const floorRequests = samples.flatMap((sample) => sample.requestFloor);
    const floor = {
      ...results[0]!,
      ...(world && { request: { route: 'GetItem of the session', ms: median(floorRequests), ratio: 1 } }),
    };
    return { floor, groups: results.slice(1) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await world?.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '9' },
      group: { type: 'string', multiple: true },
      'no-requests': { type: 'boolean', default: false },
    },
  });
  const { floor, groups } = await measureColdStarts({
    rounds: Number(values.rounds),
    groups: values.group,
    requests: !values['no-requests'],
  });
  printColdStarts(floor, groups);
}

/** The table `npx tsx bench/cold-start.ts` prints. */
export function printColdStarts(
  floor: ColdStart,
  groups: ColdStart[],
  print: (line: string) => void = console.log,
): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const ratio = (value: number) => `${value.toFixed(2)}×`.padStart(6);
  print(
    `${floor.group}: ${floor.importMs.toFixed(1)} ms CPU, ${kb(floor.bytes)} at init (${kb(floor.totalBytes)} with its chunks)`,
  );
  if (floor.request) print(`request floor (import + ${floor.request.route}): ${floor.request.ms.toFixed(1)} ms CPU`);
  print(
    `        ${'group'.padEnd(14)} ${'init'.padStart(6)} ${'ms CPU'.padStart(7)} ${'bytes'.padStart(8)}   | all chunks: ${'ratio'.padStart(6)} ${'ms CPU'.padStart(7)} ${'bytes'.padStart(8)}   | whole request: ${'ratio'.padStart(6)} ${'budget'.padStart(11)} ${'ms CPU'.padStart(7)}  route`,
  );
  for (const g of groups) {
    const budget = coldRequestBudget(g.group);
    const verdict = g.request && `≤ ${budget.toFixed(1)} ${g.request.ratio <= budget ? 'PASS' : 'FAIL'}`;
    const request = g.request
      ? `|                ${ratio(g.request.ratio)} ${verdict!.padStart(11)} ${g.request.ms.toFixed(1).padStart(7)}  ${g.request.route}`
      : '';
    print(
      `  ${g.group.padEnd(14)} ${ratio(g.ratio)} ${g.importMs.toFixed(1).padStart(7)} ${kb(g.bytes).padStart(8)}   |             ${ratio(g.allChunksRatio)} ${g.allChunksImportMs.toFixed(1).padStart(7)} ${kb(g.totalBytes).padStart(8)}   ${request}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
