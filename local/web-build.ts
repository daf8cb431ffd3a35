import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import sirv from 'sirv';
import { contentSecurityPolicy } from '../infra/definitions/content-security-policy.js';
import { UI_FONT_DIR } from './web-build-outputs.js';

/** What the web build reads: a change to any of these makes the built app stale. */
const BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'shared',
  'scripts/build',
  'package-lock.json',
];
const STAMP_FILE = '.source-stamp';

/** Written by the build itself (the UI font): counting it would make the build after a first one stale. */
const BUILD_OUTPUTS_IN_INPUTS = [UI_FONT_DIR];

function listFiles(rootDir: string, path: string, out: string[]): void {
  if (!existsSync(path) || BUILD_OUTPUTS_IN_INPUTS.includes(relative(rootDir, path))) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) return void out.push(path);
  for (const entry of readdirSync(path)) listFiles(rootDir, join(path, entry), out);
}

/** A fingerprint of the build's inputs (paths, sizes and modification times): cheap enough for every start. */
export function webSourceStamp(rootDir: string): string {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) listFiles(rootDir, join(rootDir, input), files);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const stat = statSync(file);
    hash.update(`${relative(rootDir, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * The production build of the web app in web/dist, built again only when its inputs changed since
 * the last build (the stamp is written beside it). Returns how it was obtained, for the start log.
 */
export async function ensureWebBuild(rootDir: string): Promise<{ dist: string; built: boolean; ms: number }> {
  const started = Date.now();
  const dist = join(rootDir, 'web/dist');
  const stamp = webSourceStamp(rootDir);
  const stampPath = join(dist, STAMP_FILE);
  if (existsSync(join(dist, 'index.html')) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
    return { dist, built: false, ms: Date.now() - started };
  }
  const { build } = await import('vite');
  await build({ configFile: join(rootDir, 'web/vite.config.ts'), logLevel: 'warn' });
  writeFileSync(stampPath, stamp);
  return { dist, built: true, ms: Date.now() - started };
}

/** Records that web/dist was just built from the current sources (a build made outside ensureWebBuild). */
export function markWebBuildFresh(rootDir: string): void {
  writeFileSync(join(rootDir, 'web/dist', STAMP_FILE), webSourceStamp(rootDir));
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Serves the built app as CloudFront does: hashed assets cached for a year, index.html revalidated,
 * every unknown path answered with index.html (the single-page app's routes), with the same
 * Content-Security-Policy. Vite's dev server sends none: its HMR client runs inline.
 */
/** `uploadOrigin`: where the browser PUTs question files (s3rver), allowed by the CSP as the bucket is in AWS. */
export function builtWebApp(dist: string, uploadOrigin: string): Handler {
  const policy = contentSecurityPolicy(uploadOrigin);
  const serve = sirv(dist, {
    single: true,
    etag: true,
    gzip: false,
    brotli: false,
    setHeaders(res, pathname) {
      // The header CloudFront's response headers policy adds in AWS (D182).
      res.setHeader('content-security-policy', policy);
      res.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (req, res) =>
    serve(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
}
