import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { writeLambdaAsset } from '../../infra/bundling.js';

/**
 * Every route group's asset, built as the stack builds it, in a new temporary folder
 * (`<folder>/<group>/index.mjs`): what the local API adapter's `builtLambdas` runs instead of the sources (D509).
 */
export async function buildRouteGroupAssets(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'quizbank-lambdas-'));
  for (const group of ROUTE_GROUPS) await writeLambdaAsset(group.handler, join(dir, group.name));
  return dir;
}
