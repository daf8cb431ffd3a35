import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFanOut } from '../../functions/jobs/fan-out.js';
import { createLogger } from '../../functions/runtime/log.js';

/** The in-process play of a fan-out job's state machine (functions/jobs/fan-out.ts). */
const log = createLogger({ job: 'fan-out-test' });
const retry = { retries: 3, intervalSeconds: 60, backoffRate: 2 };

describe('runFanOut', () => {
  it('runs every task of every plan page to done, each failure retried, a task failing past its retries dead-lettered', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.record({ steps: fc.integer({ min: 1, max: 3 }), failures: fc.nat(5) }), { maxLength: 6 }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 1, max: 4 }),
        async (pages, parallel) => {
          const calls = new Map<string, number>();
          const run = await runFanOut({
            plan: async (state) => {
              const page = Number(state.page ?? 0);
              return {
                tasks: pages[page]!.map((t, i) => ({ id: `${page}-${i}`, step: 0, ...t })),
                more: page + 1 < pages.length,
                state: { page: page + 1 },
              };
            },
            work: async (task: { id: string; step: number; steps: number; failures: number }) => {
              const n = (calls.get(task.id) ?? 0) + 1;
              calls.set(task.id, n);
              // The first `failures` calls of a task throw; then it advances a step per call.
              if (n <= task.failures) throw new Error('boom');
              return { ...task, step: task.step + 1, done: task.step + 1 >= task.steps };
            },
            parallel,
            retry,
            log,
            retryIntervalMs: 0,
          });
          const all = pages.flatMap((tasks, page) => tasks.map((t, i) => ({ id: `${page}-${i}`, ...t })));
          const dead = all.filter((t) => t.failures > retry.retries);
          expect(run.plans).toHaveLength(pages.length);
          expect(run.deadLetters.map((d) => d.task.id).sort()).toEqual(dead.map((t) => t.id).sort());
          expect(run.reports.map((r) => r.id).sort()).toEqual(
            all
              .filter((t) => t.failures <= retry.retries)
              .map((t) => t.id)
              .sort(),
          );
          for (const report of run.reports) expect(report.step).toBe(report.steps);
          for (const task of all)
            expect(calls.get(task.id)).toBe(
              task.failures > retry.retries ? retry.retries + 1 : task.failures + task.steps,
            );
        },
      ),
      { numRuns: 60 },
    );
  });
});
