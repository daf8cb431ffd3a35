import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { markWebBuildFresh } from '../local/web-build.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface WebBundle {
  dist: string;
  manifest: Manifest;
  /** JavaScript a first visit downloads: the entry and its modulepreloads. */
  initialFiles: string[];
  initialGzipBytes: number;
}

const gzipOf = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file))).length;

/** Builds the web app (with Vite's manifest) and measures the first visit's JavaScript. */
export function buildWebBundle(rootDir: string): WebBundle {
  execFileSync(
    join(rootDir, 'node_modules/.bin/vite'),
    ['build', '--config', 'web/vite.config.ts', '--logLevel', 'error', '--manifest'],
    {
      cwd: rootDir,
      stdio: 'inherit',
    },
  );
  const dist = join(rootDir, 'web/dist');
  // `npm start` then serves this build instead of building again.
  markWebBuildFresh(rootDir);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initialFiles = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!.replace(/^\//, ''));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  return {
    dist,
    manifest,
    initialFiles,
    initialGzipBytes: initialFiles.reduce((sum, file) => sum + gzipOf(dist, file), 0),
  };
}

/**
 * The JavaScript a screen's lazy route chunk adds on top of the first visit: the chunk of
 * `source` (e.g. `src/features/take-exam/components/take-exam-page.tsx`) and its static imports,
 * minus what the initial load already brought. Gzipped bytes.
 */
export function measureRouteJs(bundle: WebBundle, source: string): { files: string[]; gzipBytes: number } {
  const root = bundle.manifest[source];
  if (!root) throw new Error(`no chunk for ${source} in the Vite manifest`);
  const initial = new Set(bundle.initialFiles);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = bundle.manifest[key];
    if (!chunk || initial.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(source);
  return { files: [...files], gzipBytes: [...files].reduce((sum, file) => sum + gzipOf(bundle.dist, file), 0) };
}
