import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT_DIR } from './bundling.js';

export type BuildWeb = 'missing' | 'always' | 'never';

export interface SiteAssetOptions {
  /** A directory holding an already built site; skips the web build entirely. */
  webDist?: string;
  /** When to run the Vite build of web/: only when web/dist is missing (default), always, or never. */
  buildWeb?: BuildWeb;
}

/**
 * The directory BucketDeployment uploads. A fresh clone has no web/dist, so the app builds it
 * first; a failed build stops the synth rather than deploying a broken or empty site.
 */
export function prepareSiteAssets(options: SiteAssetOptions = {}): string {
  if (options.webDist) {
    const dir = resolve(options.webDist);
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`webDist ${dir} has no index.html`);
    return dir;
  }
  const dist = join(ROOT_DIR, 'web', 'dist');
  const mode = options.buildWeb ?? 'missing';
  const missing = !existsSync(join(dist, 'index.html'));
  if (mode === 'always' || (mode === 'missing' && missing)) {
    process.stderr.write(`Building the web app into ${dist}…\n`);
    try {
      // Vite's progress goes to stderr: the CDK app's stdout is left alone.
      execSync('npx vite build --config web/vite.config.ts', {
        cwd: ROOT_DIR,
        stdio: ['ignore', process.stderr, process.stderr],
      });
    } catch {
      throw new Error(
        'The web build failed (see above). Fix web/ or synthesize with -c webDist=<a built site directory>.',
      );
    }
  }
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: run \`npm run build:web\` or drop -c buildWeb=never`);
  }
  return dist;
}

export function parseBuildWeb(value: unknown): BuildWeb | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'missing' || value === 'always' || value === 'never') return value;
  throw new Error(`context buildWeb must be missing, always or never (got ${String(value)})`);
}
