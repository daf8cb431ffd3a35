import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../local/engines.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The running server's DATA_DIR: its local-cloud.json lets a test reach the same engines (create-admin). */
    dataDir: string;
  }
}

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

let child: ChildProcess | undefined;
let dataDir: string | undefined;

/**
 * Runs the product exactly as `npm start` does (tsx scripts/start.ts: DynamoDB Local, s3rver,
 * the SES emulator, the API handlers and Vite on one origin) on a free port with a throw-away
 * data directory. Detached so teardown can end the whole process group, Java included.
 */
export async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'quizbank-browser-'));
  const baseUrl = `http://localhost:${port}`;
  let output = '';

  child = spawn(join(rootDir, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child!.once('exit', (code) => resolveExit(code)));

  const started = Date.now();
  for (;;) {
    const early = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 250))]);
    if (early !== 'running') throw new Error(`npm start exited with ${early} before answering:\n${output}`);
    if (await answers(baseUrl)) break;
    if (Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`npm start did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
}

/** Ready when both the web app (through Vite) and the API answer. */
async function answers(baseUrl: string): Promise<boolean> {
  try {
    const [page, api] = await Promise.all([fetch(`${baseUrl}/`), fetch(`${baseUrl}/api/csrf-token/`)]);
    return page.ok && api.ok;
  } catch {
    return false;
  }
}

async function stop() {
  const pid = child?.pid;
  if (!child || pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((r) => child!.once('exit', r));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name); // the whole group: tsx, node, DynamoDB Local's java, s3rver
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  // The start script exits once its children are asked to stop; make sure none lingers.
  signal('SIGKILL');
}

export async function teardown() {
  await stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
