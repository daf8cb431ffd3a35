import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { init as initModuleLexer, parse as parseModule } from 'es-module-lexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLambdaBundles } from '../../bench/lambda-bundle-sizes.js';
import { LAMBDA_ENTRY_FILE, OPTIMIZER_BINARY_PACKAGE, OPTIMIZER_PACKAGE, ROOT_DIR } from '../../infra/bundling.js';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { fakeSite } from './synth.js';

/**
 * The functions the bench also builds, to compare with the deployed assets file by file: both go
 * through the same build (infra/bundling.ts), so a sample shows it — the smallest route group, the
 * largest, and a route group and a job that carry the optimizer outside the bundle.
 */
const BENCH_SAMPLE = ['system', 'files-sheets', 'memory-fit', 'job-fsrs-fit'] as const;

/**
 * The real path, once: `cdk synth` through cdk.json and infra/app.ts, bundling every function
 * with the local esbuild, offline. (stack.test.ts covers the template without bundling.)
 */
describe('npx cdk synth (real bundling, offline)', () => {
  const workdir = mkdtempSync(join(tmpdir(), 'quizbank-cdk-'));
  const outdir = join(workdir, 'cdk.out');
  let template: { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };
  /** Tag value (`route-group:system`) → the function's asset directory in the cloud assembly. */
  let assets: Map<string, string>;
  let measured: Awaited<ReturnType<typeof measureLambdaBundles>> = [];

  beforeAll(async () => {
    const cdk = join(ROOT_DIR, 'node_modules', '.bin', 'cdk');
    await promisify(execFile)(cdk, ['synth', '--quiet', '--no-notices', '-c', `webDist=${fakeSite()}`, '-o', outdir], {
      cwd: ROOT_DIR,
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CI: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: Error & { stderr?: string }) => {
      throw new Error(`cdk synth failed:\n${error.stderr ?? error.message}`);
    });
    template = JSON.parse(readFileSync(join(outdir, 'Quizbank-dev.template.json'), 'utf8'));

    assets = new Map();
    for (const res of Object.values(template.Resources)) {
      if (res.Type !== 'AWS::Lambda::Function') continue;
      const tag = (res.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find(
        (t) => t.Key === FUNCTION_TAG,
      );
      if (!tag) continue;
      const hash = String(res.Properties.Code.S3Key).replace(/\.zip$/, '');
      assets.set(tag.Value, join(outdir, `asset.${hash}`));
    }
    measured = await measureLambdaBundles({ includeJobs: true, only: BENCH_SAMPLE });
    // One bundling of every function (28) and a second of the sample, each esbuild then rollup (D503):
    // on a busy 2-core machine that passes the project's 180 s hook budget.
  }, 600_000);

  afterAll(() => rmSync(workdir, { recursive: true, force: true }));

  /**
   * Every file of an asset by its path inside it (`index.mjs`, `chunks/…`), except the packages
   * copied beside the bundle (`node_modules/`: only the optimizer's, checked below).
   */
  const allFilesOf = (asset: string) =>
    readdirSync(asset, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(asset.length + 1))
      .sort();
  const filesOf = (asset: string) => allFilesOf(asset).filter((file) => !file.startsWith('node_modules/'));

  it('carries the fsrs-rs optimizer and its linux-x64 binary only in the functions that fit', () => {
    for (const [name, asset] of assets) {
      const packages = allFilesOf(asset).filter((file) => file.startsWith('node_modules/'));
      if (['route-group:memory-fit', 'schedule:job-fsrs-fit', 'worker:fsrs-fit-worker'].includes(name)) {
        expect(packages, name).toContain(`node_modules/${OPTIMIZER_PACKAGE}/package.json`);
        expect(packages, name).toContain(`node_modules/${OPTIMIZER_BINARY_PACKAGE}/fsrs-binding.linux-x64-gnu.node`);
      } else expect(packages, name).toEqual([]);
    }
  });
  const scriptsOf = (asset: string) => filesOf(asset).filter((file) => file.endsWith('.mjs'));

  it('bundles index.mjs and its chunks, each ESM with a source map, per route group, job and worker', () => {
    const expected = [
      ...ROUTE_GROUPS.map((g) => `route-group:${g.name}`),
      ...SCHEDULES.map((s) => `schedule:job-${s.name}`),
      ...SCHEDULES.filter((s) => s.fanOut).map((s) => `worker:${s.name}-worker`),
      'worker:mail-feedback',
    ];
    expect([...assets.keys()].sort()).toEqual(expected.sort());
    for (const [name, asset] of assets) {
      const scripts = scriptsOf(asset);
      expect(scripts, name).toContain(LAMBDA_ENTRY_FILE);
      expect(
        scripts.filter((file) => file !== LAMBDA_ENTRY_FILE && !/^chunks\/[\w.-]+\.mjs$/.test(file)),
        `${name}: only index.mjs and chunks/`,
      ).toEqual([]);
      for (const script of scripts) {
        expect(existsSync(join(asset, `${script}.map`)), `${name} ${script} source map`).toBe(true);
      }
      const entry = readFileSync(join(asset, LAMBDA_ENTRY_FILE), 'utf8');
      // Beside what the lazy chunks import from it (D503), index.mjs exports the handler.
      expect(
        /export\s*\{[^}]*\bas handler\b[^}]*\}/.test(entry.slice(entry.lastIndexOf('export'))),
        `${name} exports handler`,
      ).toBe(true);
    }
  });

  it('measures in the bench exactly what the stack deploys (shared esbuild options)', async () => {
    expect(measured.map((m) => m.group).sort()).toEqual([...BENCH_SAMPLE].sort());
    for (const m of measured) {
      const key = m.group.startsWith('job-') ? `schedule:${m.group}` : `route-group:${m.group}`;
      expect(m.error, m.group).toBeUndefined();
      const asset = assets.get(key)!;
      // Every file, source maps included: both builds write as if at the repository root (infra/bundling.ts).
      const deployed = filesOf(asset).map((path) => ({ path, bytes: statSync(join(asset, path)).size }));
      expect(deployed, m.group).toEqual([...m.files].sort((a, b) => (a.path < b.path ? -1 : 1)));
    }
  });

  it('bundles the AWS SDK instead of importing it from the runtime', async () => {
    await initModuleLexer;
    const fits = ['route-group:memory-fit', 'schedule:job-fsrs-fit', 'worker:fsrs-fit-worker'];
    for (const [name, asset] of assets) {
      // What each deployed script imports, static and dynamic, read by a lexer (strings in the code are not imports).
      const imported = scriptsOf(asset).flatMap((script) =>
        parseModule(readFileSync(join(asset, script), 'utf8'))[0].flatMap((entry) => (entry.n ? [entry.n] : [])),
      );
      expect(imported.length, name).toBeGreaterThan(0);
      // Only Node built-ins stay external (`node:stream`, `crypto`, …), and the fsrs-rs optimizer's
      // native module in the functions that fit, which carry it in their asset's node_modules.
      const external = new Set(
        imported.filter((path) => !path.startsWith('.') && !path.startsWith('node:') && !builtinModules.includes(path)),
      );
      expect([...external], name).toEqual(fits.includes(name) ? [OPTIMIZER_PACKAGE] : []);
    }
  });

  // Regrouped (D503), each of esbuild's modules keeps its own banner `require` under the name rollup gave it:
  // a module whose `require` went missing would fail here. Every function: route groups, jobs and workers.
  it('loads in Node as the Lambda runtime does: index.mjs, then every lazy chunk', async () => {
    for (const [name, asset] of assets) {
      const [entry, ...chunks] = [
        LAMBDA_ENTRY_FILE,
        ...scriptsOf(asset).filter((file) => file !== LAMBDA_ENTRY_FILE),
      ].map((file) => JSON.stringify(pathToFileURL(join(asset, file)).href));
      const script = `const m=await import(${entry});await Promise.all([${chunks.map((c) => `import(${c})`).join(',')}]);process.stdout.write(typeof m.handler);`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH, AWS_REGION: 'ap-northeast-2', LOG_LEVEL: 'silent' },
      });
      expect(stdout, name).toBe('function');
    }
  });
});
