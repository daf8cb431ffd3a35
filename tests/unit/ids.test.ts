import { describe, expect, it } from 'vitest';
import { GENERATED_ID, newId, newResultId } from '../../functions/runtime/data/ids.js';

describe('newId', () => {
  it('is 20 characters of [0-9a-z] by default, or the length asked for', () => {
    expect(newId()).toMatch(GENERATED_ID);
    expect(newId(24)).toMatch(/^[0-9a-z]{24}$/);
    expect(newId(4)).toMatch(/^[0-9a-z]{4}$/);
  });

  it('draws every character equally often (no modulo bias towards 0-3)', () => {
    const counts = new Map<string, number>();
    const ids = 10_000;
    for (let i = 0; i < ids; i++) for (const char of newId()) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(36);
    const expected = (ids * 20) / 36;
    // ±5% is about 4 standard deviations; `byte % 36` gives 0-3 about 12% more than expected.
    for (const [char, count] of counts) expect(Math.abs(count / expected - 1), char).toBeLessThan(0.05);
  });
});

describe('newResultId', () => {
  it('is a lower-case ULID whose first 10 characters encode the millisecond', () => {
    // The ULID specification's example time.
    const id = newResultId(1469918176385);
    expect(id).toMatch(/^01aryz6s41[0-9a-hjkmnp-tv-z]{16}$/);
    expect(newResultId(1).slice(0, 10)).toBe('0000000001');
  });

  it('sorts by time as a string, also against ids made before it', () => {
    // From 1 ms: ulid reads a seed time of 0 (or NaN) as "now".
    const times = [1, 31, 32, 1_000, 2 ** 40, 1_700_000_000_000, 1_700_000_000_001, 2 ** 47];
    const ids = times.map((t) => newResultId(t));
    expect([...ids].sort()).toEqual(ids);
    expect(newResultId().slice(0, 10) > newResultId(Date.now() - 1_000).slice(0, 10)).toBe(true);
  });
});
