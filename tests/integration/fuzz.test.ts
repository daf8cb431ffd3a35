import { describe, expect, inject, it } from 'vitest';
import { fuzz, manifestRoutes } from '../fuzz/fuzzer.js';
import { buildWorld } from '../fuzz/world.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/** The bounded run of `npm test`; `npm run fuzz -- --requests N` runs longer (tests/fuzz/cli.ts). */
const REQUESTS = 2500;
const SEED = 15;

describe('route fuzzer over the manifest (issue 15)', () => {
  it("finds no 5xx, no 4xx without a code, no leak of the owner's data and no change to it", async () => {
    const world = await buildWorld(apiUrl);
    const report = await fuzz(world, { requests: REQUESTS, seed: SEED });
    expect(report.routes).toBe(manifestRoutes().length);
    expect(report.requests).toBeGreaterThanOrEqual(REQUESTS * 0.8);
    // Every kind of answer was reached: refusals and successes both.
    expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(report.findings.slice(0, 20)).toEqual([]);
  }, 180_000);
});
