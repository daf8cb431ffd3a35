import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Profiler } from 'node:inspector';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { LAMBDA_ENTRY_FILE, buildLambdaInMemory, writeLambdaBuild } from '../infra/bundling.js';
import { prepareColdRequests } from './cold-request.js';

/**
 * Where a group's whole cold request (cold-request.ts: init + first answer) spends its CPU, by
 * module: the group is built unminified (esbuild heads each module with its path, so a profile
 * line maps to its module) and run `--runs` times under `node --cpu-prof`; self time is summed per
 * package (or per folder of ours) and averaged over the runs. Unminified code parses a little
 * slower than the deployed bundle: read the shares, not the absolute figures.
 *
 * `--callers <module>` prints, instead, where the named module's time comes from: its self time (and what it
 * calls) summed by the nearest calling frame outside it; `--within <module>` its self time by its own functions.
 *
 *   npx tsx bench/cold-profile.ts --group files-sheets [--runs 5] [--top 25] [--callers|--within node_modules/zod]
 */
const { values } = parseArgs({
  options: {
    group: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
    top: { type: 'string', default: '25' },
    callers: { type: 'string' },
    within: { type: 'string' },
  },
});
const runs = Number(values.runs);
const world = await prepareColdRequests();
const dir = mkdtempSync(join(tmpdir(), 'quizbank-cold-profile-'));
try {
  for (const group of ROUTE_GROUPS.filter((g) => values.group?.includes(g.name) ?? true)) {
    const out = join(dir, group.name);
    const build = await buildLambdaInMemory(group.handler, { minify: false, sourcemap: false, logLevel: 'silent' });
    writeLambdaBuild(build, out);
    const cold = world.requests.find((r) => r.group === group.name)!;
    const totals = new Map<string, number>();
    let total = 0;
    for (let run = 0; run < runs; run++) {
      const profiles = join(out, `profiles-${run}`);
      const context = `{awsRequestId:'bench',functionName:'bench',getRemainingTimeInMillis:()=>10000,callbackWaitsForEmptyEventLoop:false}`;
      const script =
        `const m=await import(${JSON.stringify(pathToFileURL(join(out, LAMBDA_ENTRY_FILE)).href)});` +
        `const r=await m.handler(${JSON.stringify(cold.event)},${context});` +
        `if(r?.statusCode!==${cold.expectedStatus})throw new Error('status '+r?.statusCode);process.exit(0);`;
      execFileSync(
        process.execPath,
        ['--cpu-prof', `--cpu-prof-dir=${profiles}`, '--input-type=module', '-e', script],
        {
          env: { PATH: process.env.PATH ?? '', ...world.env },
        },
      );
      for (const file of readdirSync(profiles)) {
        const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8')) as Profiler.Profile;
        const byKey = values.callers
          ? selfTimeByCaller(profile, out, values.callers)
          : values.within
            ? selfTimeByFunction(profile, out, values.within)
            : selfTimeByModule(profile, out);
        for (const [module, ms] of byKey) {
          totals.set(module, (totals.get(module) ?? 0) + ms / runs);
          total += ms / runs;
        }
      }
    }
    console.log(`\n${group.name} (${cold.route}): ${total.toFixed(1)} ms sampled per run, mean of ${runs}`);
    for (const [module, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
      console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${module}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await world.stop();
}

/** The module a profile node's line falls in (the bundle's `// path` heads), or a category for V8's own nodes. */
function moduleResolver(out: string): (frame: Profiler.ProfileNode['callFrame']) => string {
  const heads = new Map<string, { line: number; module: string }[]>();
  const headsOf = (url: string) => {
    let found = heads.get(url);
    if (found) return found;
    found = [];
    if (url.startsWith(pathToFileURL(out).href)) {
      const lines = readFileSync(new URL(url), 'utf8').split('\n');
      lines.forEach((text, line) => {
        const head = /^\/\/ ((?:node_modules\/(?:@[^/]+\/)?[^/]+)|(?:[a-z-]+\/[a-z-]+(?:\/[a-z-]+)?))/.exec(text);
        if (head) found!.push({ line, module: head[1]! });
      });
    }
    heads.set(url, found);
    return found;
  };
  return ({ url, lineNumber, functionName }) => {
    if (!url) return functionName.startsWith('(') ? functionName : 'native';
    if (url.startsWith('node:')) return 'node internals';
    const list = headsOf(url);
    return [...list].reverse().find((head) => head.line <= lineNumber)?.module ?? url.split('/').pop()!;
  };
}

/** Milliseconds sampled in each node itself. */
function selfTimes(profile: Profiler.Profile): Map<number, number> {
  const interval = new Map<number, number>();
  const { samples = [], timeDeltas = [] } = profile;
  samples.forEach((id, i) => interval.set(id, (interval.get(id) ?? 0) + (timeDeltas[i] ?? 0) / 1000));
  return interval;
}

/** Self time summed by `keyOf` (a node it returns no key for is left out). */
function sumSelfTime(profile: Profiler.Profile, keyOf: (node: Profiler.ProfileNode) => string | undefined) {
  const interval = selfTimes(profile);
  const sums = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = interval.get(node.id);
    const key = ms ? keyOf(node) : undefined;
    if (key !== undefined) sums.set(key, (sums.get(key) ?? 0) + ms!);
  }
  return sums;
}

/** Self time of each profile node, by the module its line falls in. */
function selfTimeByModule(profile: Profiler.Profile, out: string): Map<string, number> {
  const moduleOf = moduleResolver(out);
  return sumSelfTime(profile, (node) => moduleOf(node.callFrame));
}

/**
 * Self time of `target`'s nodes (and the nodes they call), by the nearest ancestor frame outside `target`:
 * who makes the module work.
 */
function selfTimeByCaller(profile: Profiler.Profile, out: string, target: string): Map<string, number> {
  const moduleOf = moduleResolver(out);
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const inTarget = (id: number) => moduleOf(nodes.get(id)!.callFrame) === target;
  return sumSelfTime(profile, (node) => {
    // Up to the nearest frame of `target`, then past its frames to the first one outside it.
    let id: number | undefined = node.id;
    while (id !== undefined && !inTarget(id)) id = parent.get(id);
    if (id === undefined) return undefined;
    while (id !== undefined && inTarget(id)) id = parent.get(id);
    if (id === undefined) return '(root)';
    const caller = nodes.get(id)!.callFrame;
    return `${moduleOf(caller)} ${caller.functionName || '(anonymous)'}:${caller.lineNumber}`;
  });
}

/** Self time of `target`'s own functions, by name and line. */
function selfTimeByFunction(profile: Profiler.Profile, out: string, target: string): Map<string, number> {
  const moduleOf = moduleResolver(out);
  return sumSelfTime(profile, ({ callFrame }) =>
    moduleOf(callFrame) === target ? `${callFrame.functionName || '(anonymous)'}:${callFrame.lineNumber}` : undefined,
  );
}
