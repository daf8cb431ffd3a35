import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { esbuildOptions } from '../../infra/bundling.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';

/**
 * D100: no Lambda evaluates zod classic. Building a classic schema gives it its ~50 methods and
 * pulls in the classic module (≈ 4 ms of every cold start, D73); `zod/mini` schemas share zod's
 * core without them. One `import * as z from 'zod'` anywhere a Lambda reaches brings classic back,
 * so every deployed entry is bundled as the stack bundles it and its inputs are read.
 */
const entries = [
  ...ROUTE_GROUPS.map((group) => group.handler),
  ...SCHEDULES.flatMap((schedule) => [schedule.handler, ...(schedule.fanOut ? [schedule.fanOut.worker] : [])]),
  'functions/jobs/mail-feedback.ts',
];

async function zodInputs(entry: string): Promise<string[]> {
  const result = await build({ ...esbuildOptions(entry), sourcemap: false, minify: false, metafile: true, logLevel: 'silent' });
  return Object.keys(result.metafile!.inputs).filter((input) => input.includes('node_modules/zod/'));
}

describe('Lambda bundles use zod/mini only (D100)', () => {
  it.each(entries)('%s holds no zod classic module', async (entry) => {
    const inputs = await zodInputs(entry);
    expect(inputs.filter((input) => /node_modules\/zod\/(v4\/classic|v3)\//.test(input))).toEqual([]);
  });

  it('reads the bundles the way zod lands in them (the check above is not vacuous)', async () => {
    const inputs = await zodInputs(ROUTE_GROUPS[0]!.handler);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/core/'))).toBe(true);
  });
});
