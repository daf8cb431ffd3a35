import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Builds the web app and measures the JavaScript a first visit downloads (entry + modulepreloads). */
export function measureInitialWebJs(rootDir: string): { files: string[]; gzipBytes: number } {
  execFileSync(join(rootDir, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  const dist = join(rootDir, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  return { files, gzipBytes };
}
