import { readdirSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * D99: importing a contract builds no schema; a route's schemas are built on the first read of one
 * of its fields, once. zod is replaced by itself with every schema factory counted (`z.object`,
 * `z.string`, `z.coerce.number`, …): every schema starts at one of them, so a schema built at
 * module load — a contract written the eager way again — shows as a count above zero.
 */
const factoryCalls = vi.hoisted(() => ({ count: 0 }));

vi.mock('zod/mini', async (importOriginal) => {
  const zod = await importOriginal<Record<string, unknown>>();
  const counted = (value: unknown) => {
    if (typeof value !== 'function') return value;
    const factory = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => {
      factoryCalls.count += 1;
      return factory(...args);
    };
  };
  // Lower-case exports are the factories (upper-case ones are classes, kept for `instanceof`).
  const entries = Object.entries(zod).map(([name, value]) => {
    if (name === 'coerce')
      return [name, Object.fromEntries(Object.entries(value as object).map(([key, f]) => [key, counted(f)]))];
    return [name, /^[a-z]/.test(name) ? counted(value) : value];
  });
  return Object.fromEntries(entries) as object;
});

const contractModules = readdirSync(new URL('../../shared/contracts/', import.meta.url)).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

describe('lazy contracts (D99)', () => {
  beforeEach(() => {
    factoryCalls.count = 0;
  });

  it('counts schema construction (the spy sees an eager schema)', async () => {
    const z = await import('zod/mini');
    z.object({ a: z.string() });
    expect(factoryCalls.count).toBe(2);
  });

  it('builds no schema when every contract module, route group and the manifest are imported', async () => {
    expect(contractModules.length).toBeGreaterThan(15);
    for (const file of contractModules) await import(`../../shared/contracts/${file}`);
    const { ROUTE_GROUPS } = await import('#shared/routes-manifest.js');
    const { routeKey } = await import('#shared/contracts/define-route.js');
    // What createGroupHandler's bindings check, the stack and the router read: method, path, access.
    const keys = ROUTE_GROUPS.flatMap((group) =>
      group.routes.map((route) => `${routeKey(route)} ${route.access} ${route.bodyKind}`),
    );
    expect(keys.length).toBeGreaterThan(100);
    expect(factoryCalls.count).toBe(0);
  });

  it("builds no schema when a route group's Lambda handler is loaded (its cold start)", async () => {
    const { ROUTE_GROUPS } = await import('#shared/routes-manifest.js');
    for (const group of ROUTE_GROUPS) {
      await import(/* @vite-ignore */ new URL(`../../${group.handler}`, import.meta.url).href);
      expect(factoryCalls.count, group.handler).toBe(0);
    }
  }, 60_000); // imports every route group's handler: seconds on a loaded machine

  it("builds a route's input schemas on the first read of one, once, and no other route's", async () => {
    const { createExam } = await import('#shared/contracts/exam-creation.js');
    const { getExam } = await import('#shared/contracts/exams.js');
    const { listTags } = await import('#shared/contracts/tags.js');
    expect(factoryCalls.count).toBe(0);

    const body = createExam.body;
    const built = factoryCalls.count;
    expect(built).toBeGreaterThan(0);
    expect(body.parse({ questionCount: 3 })).toMatchObject({ question_count: 3 });
    expect(createExam.params).toBeDefined();
    expect(createExam.body).toBe(body);
    expect(factoryCalls.count).toBe(built);

    // getExam shares the memoised exam schema, so it builds only its own wrapper schemas.
    const exam = getExam.response;
    expect(factoryCalls.count).toBeGreaterThan(built);
    expect(exam.parse({ id: 'e1', title: 'T' })).toEqual({ id: 'e1', title: 'T' });
    expect(Object.getOwnPropertyDescriptor(listTags, 'response')?.get).toBeTypeOf('function');
  });

  it('builds the answer schema only when it is read, apart from the inputs (D109: a Lambda checks its inputs only)', async () => {
    const { listExams } = await import('#shared/contracts/exams.js');
    void listExams.query;
    const inputsOnly = factoryCalls.count;
    expect(inputsOnly).toBeGreaterThan(0);
    const response = listExams.response;
    const withAnswer = factoryCalls.count;
    expect(withAnswer).toBeGreaterThan(inputsOnly);
    expect(listExams.response).toBe(response);
    expect(factoryCalls.count).toBe(withAnswer);
  });

  it('answers the open defaults for the schemas a route leaves out', async () => {
    const { defineRoute } = await import('#shared/contracts/define-route.js');
    const download = defineRoute({ method: 'GET', path: '/api/users/download-excel/', access: 'admin' });
    expect(factoryCalls.count).toBe(0);
    expect(download.params.parse({ extra: '1' })).toEqual({ extra: '1' });
    expect(download.response.parse(new Uint8Array(1))).toBeInstanceOf(Uint8Array);
    expect(download.bodyKind).toBe('none');
  });
});
