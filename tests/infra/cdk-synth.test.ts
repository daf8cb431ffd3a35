import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLambdaBundles } from '../../bench/lambda-bundle-sizes.js';
import { ROOT_DIR } from '../../infra/bundling.js';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { fakeSite } from './synth.js';

/**
 * The real path, once: `cdk synth` through cdk.json and infra/app.ts, bundling every function
 * with the local esbuild, offline. (stack.test.ts covers the template without bundling.)
 */
describe('npx cdk synth (real bundling, offline)', () => {
  const workdir = mkdtempSync(join(tmpdir(), 'quizbank-cdk-'));
  const outdir = join(workdir, 'cdk.out');
  let template: { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };
  let bundles: Map<string, string>;
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

    // Tag value (`route-group:system`) → bundled index.mjs in the cloud assembly.
    bundles = new Map();
    for (const res of Object.values(template.Resources)) {
      if (res.Type !== 'AWS::Lambda::Function') continue;
      const tag = (res.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find((t) => t.Key === FUNCTION_TAG);
      if (!tag) continue;
      const hash = String(res.Properties.Code.S3Key).replace(/\.zip$/, '');
      bundles.set(tag.Value, join(outdir, `asset.${hash}`, 'index.mjs'));
    }
    measured = await measureLambdaBundles({ includeJobs: true });
    // Two bundlings of every function (17 route groups since the sheet routes got their own, D73):
    // on a busy 2-core machine that passes the project's 180 s hook budget.
  }, 360_000);

  afterAll(() => rmSync(workdir, { recursive: true, force: true }));

  it('bundles one ESM file with a source map per route group, job and worker', () => {
    const expected = [
      ...ROUTE_GROUPS.map((g) => `route-group:${g.name}`),
      ...SCHEDULES.map((s) => `schedule:job-${s.name}`),
      ...SCHEDULES.filter((s) => s.fanOut).map((s) => `worker:${s.name}-worker`),
      'worker:mail-feedback',
    ];
    expect([...bundles.keys()].sort()).toEqual(expected.sort());
    for (const [name, file] of bundles) {
      expect(existsSync(file), name).toBe(true);
      expect(existsSync(`${file}.map`), `${name} source map`).toBe(true);
      const code = readFileSync(file, 'utf8');
      expect(code.startsWith("import{createRequire as __cr}from'node:module'"), `${name} banner`).toBe(true);
      expect(/export\s*\{[^}]*as handler\s*\}/.test(code.slice(-2000)), `${name} exports handler`).toBe(true);
    }
  });

  it('measures in the bench exactly what the stack deploys (shared esbuild options)', async () => {
    for (const m of measured) {
      const key = m.group.startsWith('job-') ? `schedule:${m.group}` : `route-group:${m.group}`;
      expect(m.error, m.group).toBeUndefined();
      expect(m.bytes, m.group).toBe(statSync(bundles.get(key)!).size);
    }
  });

  it('bundles the AWS SDK instead of importing it from the runtime', () => {
    for (const m of measured) {
      // Only Node built-ins stay external (`node:stream`, `crypto`, …).
      expect(
        m.externalImports.filter((p) => !p.startsWith('node:') && !builtinModules.includes(p)),
        m.group,
      ).toEqual([]);
    }
    for (const [name, file] of bundles) {
      const code = readFileSync(file, 'utf8');
      expect(/from"@aws-sdk\/|import\("@aws-sdk\//.test(code), `${name} imports @aws-sdk at run time`).toBe(false);
    }
  });
});
