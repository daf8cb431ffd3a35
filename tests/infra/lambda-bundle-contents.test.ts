import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { esbuildOptions } from '../../infra/bundling.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';

/**
 * What a Lambda must not carry, read from its bundle as the stack builds it (D73). Each module
 * below costs every cold start a few ms even if it never runs (V8 still reads it), and one stray
 * import anywhere a Lambda reaches brings it back.
 */
const entries = [
  ...ROUTE_GROUPS.map((group) => group.handler),
  ...SCHEDULES.flatMap((schedule) => [schedule.handler, ...(schedule.fanOut ? [schedule.fanOut.worker] : [])]),
  'functions/jobs/mail-feedback.ts',
];

const inputsOf = new Map<string, Promise<string[]>>();
function bundleInputs(entry: string): Promise<string[]> {
  let inputs = inputsOf.get(entry);
  if (!inputs) {
    inputs = build({ ...esbuildOptions(entry), sourcemap: false, minify: false, metafile: true, write: false, logLevel: 'silent' }).then((result) =>
      Object.keys(result.metafile!.inputs),
    );
    inputsOf.set(entry, inputs);
  }
  return inputs;
}

const holdsBusboy = (inputs: string[]) => inputs.some((input) => /node_modules\/(busboy|@middy\/http-multipart-body-parser)\//.test(input));

describe('Lambda bundles use zod/mini only (D100)', () => {
  // Building a classic schema gives it its ~50 methods and pulls in the classic module (≈ 4 ms of
  // every cold start); `zod/mini` schemas share zod's core without them.
  it.each(entries)('%s holds no zod classic module', async (entry) => {
    const inputs = await bundleInputs(entry);
    expect(inputs.filter((input) => /node_modules\/zod\/(v4\/classic|v3)\//.test(input))).toEqual([]);
  });

  it('reads the bundles the way zod lands in them (the check above is not vacuous)', async () => {
    const inputs = await bundleInputs(ROUTE_GROUPS[0]!.handler);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/core/'))).toBe(true);
  });
});

describe('only the groups with multipart routes carry the multipart parser (D73)', () => {
  it.each(ROUTE_GROUPS.map((group) => [group.name, group] as const))('%s', async (_name, group) => {
    const multipart = group.routes.some((route) => route.bodyKind === 'multipart');
    expect(holdsBusboy(await bundleInputs(group.handler))).toBe(multipart);
  });

  it('some groups have multipart routes (the check above is not vacuous)', () => {
    expect(ROUTE_GROUPS.filter((group) => group.routes.some((route) => route.bodyKind === 'multipart')).length).toBeGreaterThanOrEqual(3);
  });
});
