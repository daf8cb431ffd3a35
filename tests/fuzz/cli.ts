import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLocalCloud } from '../../local/cloud.js';
import { freePort } from '../../local/engines.js';
import { buildRouteGroupAssets } from './built-lambdas.js';
import { fuzz } from './fuzzer.js';
import { buildWorld } from './world.js';

/**
 * `npm run fuzz -- --requests N [--seed S] [--concurrency C] [--bundled]`: the route fuzzer against its own
 * in-memory local cloud. Prints the findings and exits non-zero when there are any. `--bundled` builds every
 * route group as the stack deploys it and runs those bundles, not the sources the local cloud runs (D509).
 */
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    bundled: { type: 'boolean', default: false },
  },
});
process.env.LOG_LEVEL ??= 'silent';
const seed = values.seed ? Number(values.seed) : Date.now() % 1_000_000;
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const builtLambdas = values.bundled ? await buildRouteGroupAssets() : undefined;
const cloud = await startLocalCloud({
  rootDir,
  port: await freePort(),
  dataDir: null,
  web: 'none',
  scheduler: false,
  builtLambdas,
});
Object.assign(process.env, cloud.env);
try {
  const world = await buildWorld(cloud.url);
  const started = Date.now();
  const report = await fuzz(world, {
    requests: Number(values.requests),
    seed,
    concurrency: Number(values.concurrency),
    log: (line) => console.log(line),
  });
  console.log(
    `seed ${seed}: ${report.requests} requests over ${report.routes} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log('answers by status:', report.byStatus);
  for (const f of report.findings)
    console.log(`\n[${f.kind}] ${f.actor} ${f.route} → ${f.status ?? ''}\n  ${f.request}\n  ${f.detail}`);
  console.log(`\n${report.findings.length} finding(s)`);
  process.exitCode = report.findings.length ? 1 : 0;
} finally {
  await cloud.stop();
  if (builtLambdas) rmSync(builtLambdas, { recursive: true, force: true });
}
