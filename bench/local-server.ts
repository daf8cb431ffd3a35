import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCloud } from '../local/cloud.js';
import { freePort } from '../local/engines.js';

export interface RunningServer {
  url: string;
  startupMs: number;
  stop(): Promise<void>;
}

/** Starts `npm start`'s script on a fresh data directory and times it until the API answers. */
export async function startServer(rootDir: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quizbank-bench-'));
  const started = Date.now();
  const child: ChildProcess = spawn(join(rootDir, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the local server exited during start-up');
    const ok = await fetch(`${url}/api/csrf-token/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) throw new Error('the local server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    startupMs: Date.now() - started,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The local cloud in this process, API only, on throw-away engines: every DynamoDB request it makes can be counted. */
export async function startInProcessCloud(rootDir: string) {
  process.env.LOG_LEVEL ??= 'silent';
  return startLocalCloud({ rootDir, port: await freePort(), dataDir: null, web: 'none', scheduler: false });
}
