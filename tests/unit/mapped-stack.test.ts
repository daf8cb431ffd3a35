import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { mappedStack } from '../../functions/runtime/mapped-stack.js';
import { buildLambdaInMemory, writeLambdaBuild } from '../../infra/bundling.js';

/**
 * Logged stacks are mapped through the bundle's .map files when they are logged, since the Lambdas
 * no longer run with --enable-source-maps (D108). Built as the stack builds a Lambda (esbuild, then the
 * init's modules regrouped into index.mjs, D503), an error thrown in a lazily imported chunk through
 * code it shares with index.mjs.
 */
const dir = mkdtempSync(join(tmpdir(), 'quizbank-mapped-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundledStack(): Promise<string> {
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'entry.ts'),
    "import { reason } from './reason.js';\nexport async function handler(): Promise<void> {\n  const { explode } = await import('./thrower.js');\n  explode(reason('x'));\n}\n",
  );
  writeFileSync(
    join(src, 'reason.ts'),
    "export function reason(text: string): string {\n  if (text === 'x!') throw new Error(`boom ${text}`);\n  return `${text}!`;\n}\n",
  );
  writeFileSync(
    join(src, 'thrower.ts'),
    "import { reason } from './reason.js';\n// a comment line\n\nexport function explode(text: string): never {\n  reason(text);\n  throw new Error('not reached');\n}\n",
  );
  // The Lambdas' own build (split, minified, linked maps without sources), written to disk.
  writeLambdaBuild(await buildLambdaInMemory(join(src, 'entry.ts'), { logLevel: 'silent' }), join(dir, 'out'));
  // In a plain Node process, as on Lambda: vitest's own source-map support would map it already.
  const script = `try{await (await import(${JSON.stringify(pathToFileURL(join(dir, 'out', 'index.mjs')).href)})).handler()}catch(e){process.stdout.write(e.stack)}`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return stdout;
}

describe('mappedStack', () => {
  it('maps the frames of a bundle, lazy chunks included, back to their .ts lines', async () => {
    const stack = await bundledStack();
    expect(stack).toMatch(/^Error: boom x!/);
    expect(stack).toMatch(/chunks\/thrower-[\w-]+\.mjs:\d+:\d+/);
    expect(stack).toMatch(/\/out\/index\.mjs:\d+:\d+/);
    const mapped = await mappedStack(stack);
    expect(mapped).toMatch(/src\/reason\.ts:2:\d+/);
    expect(mapped).toMatch(/src\/thrower\.ts:5:\d+/);
    expect(mapped).toMatch(/src\/entry\.ts:4:\d+/);
    expect(mapped).not.toMatch(/\.mjs:\d+:\d+/);
  });

  it('leaves frames without a map, and other lines, as they are', async () => {
    const stack =
      'Error: x\n    at f (file:///nowhere/index.mjs:1:20)\n    at node:internal/process/task_queues:95:5\n    at g (/work/functions/x.ts:3:4)';
    expect(await mappedStack(stack)).toBe(stack);
  });
});
