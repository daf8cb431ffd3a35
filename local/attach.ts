import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalCloud } from './cloud.js';
import { freePort } from './engines.js';

/**
 * Gives a command-line script (jobs, create-admin) the local engines: those of a running
 * `npm start` when there is one (its data directory is locked by it), else its own for the run.
 */
export async function attachToLocalCloud(rootDir: string, dataDir: string): Promise<{ release: () => Promise<void> }> {
  const stateFile = join(dataDir, 'local-cloud.json');
  if (existsSync(stateFile)) {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { url: string; env: Record<string, string> };
    const alive = await fetch(`${state.url}/api/csrf-token/`).then(
      (r) => r.ok,
      () => false,
    );
    if (alive) {
      Object.assign(process.env, state.env);
      return { release: async () => undefined };
    }
  }
  const cloud = await startLocalCloud({ rootDir, port: await freePort(), dataDir, web: 'none', scheduler: false });
  return { release: () => cloud.stop() };
}
