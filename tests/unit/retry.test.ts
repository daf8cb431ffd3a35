import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, retry } from '../../functions/runtime/retry.js';

describe('retry', () => {
  it('stops after the attempt budget and throws the last failure', async () => {
    const operation = vi.fn(async (attempt: number) => {
      throw new Error(`failure ${attempt}`);
    });
    await expect(retry(operation, { attempts: 3, baseMs: 1, shouldRetry: () => true })).rejects.toThrow('failure 2');
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('does not retry what the predicate refuses', async () => {
    const operation = vi.fn(async () => {
      throw new Error('final');
    });
    await expect(retry(operation, { attempts: 5, baseMs: 1, shouldRetry: () => false })).rejects.toThrow('final');
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('answers the first success', async () => {
    const operation = vi.fn(async (attempt: number) => {
      if (attempt < 2) throw new Error('busy');
      return attempt;
    });
    await expect(retry(operation, { attempts: 5, baseMs: 1, shouldRetry: () => true })).resolves.toBe(2);
  });

  it('draws delays with full jitter under the exponential cap', () => {
    for (let retryNumber = 0; retryNumber < 8; retryNumber++) {
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(retryNumber, 20, 1000);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(Math.min(1000, 20 * 2 ** retryNumber));
      }
    }
  });
});
