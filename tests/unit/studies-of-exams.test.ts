import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module per test: it holds the process's provider. */
const fresh = async () => {
  vi.resetModules();
  return import('../../functions/domains/exams/studies-of-exams.js');
};

describe('the studies an exam asks about load on first use (D478)', () => {
  it('loads the studies domain once, on the first ask, and answers from what it provides', async () => {
    const mod = await fresh();
    const memberships = vi.fn(() => Promise.resolve(new Map([['s1', { is_active: true, role: 'member' as const }]])));
    const unlinkTask = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => {
      mod.provideStudiesOfExams({ memberships, unlinkTask });
      return Promise.resolve();
    });
    mod.loadStudiesOfExamsOnDemand(load);
    expect(load).not.toHaveBeenCalled();
    const first = mod.studiesOfExams();
    expect(await first.memberships('u1', ['s1'])).toEqual(new Map([['s1', { is_active: true, role: 'member' }]]));
    await mod.studiesOfExams().unlinkTask('t1', 's1', 'e1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(memberships).toHaveBeenCalledWith('u1', ['s1']);
    expect(unlinkTask).toHaveBeenCalledWith('t1', 's1', 'e1');
    // Once loaded, the provided object itself is answered.
    expect(mod.studiesOfExams().memberships).toBe(memberships);
  });

  it('fails loudly when neither a provider nor a loader is there, or the loader provides nothing', async () => {
    const mod = await fresh();
    expect(() => mod.studiesOfExams()).toThrow(/studies domain is not loaded/);
    mod.loadStudiesOfExamsOnDemand(() => Promise.resolve());
    await expect(mod.studiesOfExams().memberships('u1', [])).rejects.toThrow(/studies domain is not loaded/);
  });

  it('the route groups’ loader is the real one: it provides the studies domain', async () => {
    const mod = await fresh();
    const load = () => import('../../functions/domains/studies/on-demand.js');
    mod.loadStudiesOfExamsOnDemand(load);
    const lazy = mod.studiesOfExams();
    await load();
    const { membershipsIn } = await import('../../functions/domains/studies/study-store.js');
    expect(mod.studiesOfExams()).not.toBe(lazy);
    expect(mod.studiesOfExams().memberships).toBe(membershipsIn);
    // The studies domain's first transform is slow on a busy machine.
  }, 60_000);
});
