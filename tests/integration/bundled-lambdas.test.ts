import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiGatewayAdapter } from '../../local/api-gateway-adapter.js';
import { answerClientError } from '../../local/cloud.js';
import { buildRouteGroupAssets } from '../fuzz/built-lambdas.js';
import { fuzz, manifestRoutes } from '../fuzz/fuzzer.js';
import { buildWorld } from '../fuzz/world.js';

/*
 * The route fuzzer against the Lambdas as the stack builds them (D509). Every other file runs the
 * TypeScript sources in this process; only a bundle can miss a module esbuild left out or a chunk that
 * does not load, and nothing else would see it before AWS. The shared tables and engines, an adapter of
 * this file's own.
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
Object.assign(process.env, inject('cloudEnv'));

const REQUESTS = 800;
const SEED = 27;

let assets: string;
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  assets = await buildRouteGroupAssets();
  const adapter = createApiGatewayAdapter(rootDir, { builtLambdas: assets });
  server = createServer((req, res) => void adapter(req, res));
  // Headers past Node's limit are answered as the local cloud answers them (431 with a code).
  server.on('clientError', answerClientError);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(() => {
  server?.close();
  if (assets) rmSync(assets, { recursive: true, force: true });
});

describe('the deployed bundles answer every route', () => {
  it('as the sources do: no 5xx, no 4xx without a code, nothing leaked or half-written', async () => {
    const report = await fuzz(await buildWorld(apiUrl), { requests: REQUESTS, seed: SEED });
    expect(report.routes).toBe(manifestRoutes().length);
    expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(report.findings.slice(0, 20)).toEqual([]);
  }, 180_000);
});
