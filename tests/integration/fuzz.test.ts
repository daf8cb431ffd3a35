import { describe, expect, inject, it } from 'vitest';
import { fuzz, manifestRoutes } from '../fuzz/fuzzer.js';
import { buildWorld } from '../fuzz/world.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/** The bounded run of `npm test`; `npm run fuzz -- --requests N` runs longer (tests/fuzz/cli.ts). */
const REQUESTS = 2500;
const SEED = 15;

describe('route fuzzer over the manifest', () => {
  it("finds no 5xx, no 4xx without a code, no leak of the owner's data, no change to it and no import half-written", async () => {
    const t0 = Date.now();
    const world = await buildWorld(apiUrl);
    console.log('TIMING world', Date.now() - t0);
    const report = await fuzz(world, { requests: REQUESTS, seed: SEED, log: (l) => console.log('TIMING', l) });
    expect(report.routes).toBe(manifestRoutes().length);
    expect(report.requests).toBeGreaterThanOrEqual(REQUESTS * 0.8);
    // Every kind of answer was reached: refusals and successes both.
    expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    // Every upload file (every format the importer reads: valid, broken, hostile) reached the preview and the import.
    const staged = Object.keys(report.uploads);
    for (const route of ['POST /api/question-files/preview', 'POST /api/question-files/import'])
      expect(world.uploadFiles.filter((f) => !staged.includes(`${route} ${f.label}`)).map((f) => f.label)).toEqual([]);
    const read = (route: string) =>
      Object.entries(report.uploads).filter(([k, s]) => k.startsWith(route) && s.includes(200));
    expect(read('POST /api/question-files/preview').length).toBeGreaterThan(5);
    expect(read('POST /api/question-files/import').length).toBeGreaterThan(5);
    expect(report.findings.slice(0, 20)).toEqual([]);
  }, 180_000);
});
