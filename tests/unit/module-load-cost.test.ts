import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Building an ICU collator costs ~11 ms; at module load it was paid by the cold start of every Lambda
 * that imports the question-sheet rules (D499). The rules make it on first use instead.
 */
describe('the question-sheet choice rules build no collator at load (D499)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('imports without a collator and makes one when keyed choices are ordered', async () => {
    let made = 0;
    const counting: typeof Intl = Object.create(Intl);
    counting.Collator = class extends Intl.Collator {
      constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
        super(...args);
        made++;
      }
    } as typeof Intl.Collator;
    vi.stubGlobal('Intl', counting);
    vi.resetModules();
    const { splitOptionsCell } = await import('#shared/domain/question-sheet-choices.js');
    expect(made).toBe(0);
    // Keys in numeric order (10 after 9), which is what the collator is for.
    expect(splitOptionsCell('{"10":"ten","9":"nine","1":"one"}')).toEqual(['one', 'nine', 'ten']);
    expect(made).toBe(1);
    splitOptionsCell('{"B":"b","A":"a"}');
    expect(made).toBe(1);
  });
});

/**
 * The public-exam stamp cache holds 10,000 slots (~2 ms to build): every group that loads the exams
 * domain imports it, few read a public exam. It is built by the first read that asks.
 */
describe('the public-exam stamp cache is built on the first read, not at load', () => {
  afterEach(() => {
    vi.doUnmock('lru-cache');
    vi.doUnmock('../../functions/runtime/data/batch-ops.js');
    vi.resetModules();
  });

  it('imports and forgets without a sized cache; the first stamp read builds one', async () => {
    const sizes: (number | undefined)[] = [];
    vi.resetModules();
    vi.doMock('lru-cache', async (original) => {
      const real = await original<typeof import('lru-cache')>();
      class CountingCache extends real.LRUCache<string, object> {
        constructor(options: ConstructorParameters<typeof real.LRUCache<string, object>>[0]) {
          super(options);
          sizes.push(options.max);
        }
      }
      return { ...real, LRUCache: CountingCache };
    });
    // The exam's stamp as the engine answers it: public, at version 3.
    vi.doMock('../../functions/runtime/data/batch-ops.js', async (original) => ({
      ...(await original<typeof import('../../functions/runtime/data/batch-ops.js')>()),
      batchGetAll: async () => [
        { sk: 'EXAM', is_public: true },
        { sk: 'QSEQ', content_version: 3 },
      ],
    }));
    const cache = await import('../../functions/domains/exams/public-exam-cache.js');
    cache.forgetExamStamp('exam-1');
    cache.clearPublicExamCache();
    expect(sizes.filter((max) => max !== undefined)).toEqual([]);
    expect(await cache.examStamp('exam-1')).toEqual({ cacheable: true, version: 3 });
    expect(sizes.filter((max) => max !== undefined)).toEqual([10_000]);
  });
});
