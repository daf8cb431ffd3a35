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
