import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../functions/runtime/on-demand.js';

describe('onDemand (D106)', () => {
  it('loads the module only when the function is first called, then forwards arguments and result', async () => {
    const module = { greet: vi.fn(async (name: string, times: number) => `${name}×${times}`) };
    const load = vi.fn(async () => module);
    const greet = onDemand(load, 'greet');
    expect(load).not.toHaveBeenCalled();
    await expect(greet('quiz', 2)).resolves.toBe('quiz×2');
    await expect(greet('bank', 3)).resolves.toBe('bank×3');
    expect(module.greet).toHaveBeenNthCalledWith(1, 'quiz', 2);
    expect(load).toHaveBeenCalledTimes(2); // import() itself caches the module; onDemand adds no cache of its own
  });

  it('passes on the function’s rejection', async () => {
    const fail = onDemand(async () => ({ fail: async () => Promise.reject(new Error('throttled')) }), 'fail');
    await expect(fail()).rejects.toThrow('throttled');
  });
});
