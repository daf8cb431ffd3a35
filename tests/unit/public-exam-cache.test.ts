import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedRead, examETag, readVariant } from '../../functions/domains/exams/public-exam-cache.js';

/** The anonymous public-exam cache's rules (D406): validators and when a kept page is answered. */
describe('public exam cache', () => {
  it('gives one quoted ETag per exam, version and variant, and a different one when any of them changes', () => {
    const variant = fc.array(fc.option(fc.string(), { nil: undefined }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.string(), fc.nat(), variant, fc.string(), fc.nat(), variant, (e1, v1, p1, e2, v2, p2) => {
        const a = examETag(e1, v1, readVariant(p1));
        expect(a).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
        expect(examETag(e1, v1, readVariant(p1))).toBe(a);
        const same = e1 === e2 && v1 === v2 && readVariant(p1) === readVariant(p2);
        expect(examETag(e2, v2, readVariant(p2)) === a).toBe(same);
      }),
    );
  });

  it('keeps apart variants that a plain join would confuse', () => {
    expect(readVariant(['exam', 'ko', 'a,b', undefined])).not.toBe(readVariant(['exam', 'ko', 'a', 'b']));
    expect(readVariant(['exam', 'ko', undefined, 'c'])).not.toBe(readVariant(['exam', 'ko', 'c', undefined]));
  });

  it('answers a kept page only at the version it was built at', async () => {
    let reads = 0;
    const read = async () => ({ built: ++reads });
    const exam = `exam-${Math.random()}`;
    expect(await cachedRead(exam, 'v', 3, read)).toEqual({ built: 1 });
    expect(await cachedRead(exam, 'v', 3, read)).toEqual({ built: 1 });
    expect(await cachedRead(exam, 'other', 3, read)).toEqual({ built: 2 });
    expect(await cachedRead(exam, 'v', 4, read)).toEqual({ built: 3 });
    expect(await cachedRead(exam, 'v', 4, read)).toEqual({ built: 3 });
    // An older stamp (a lagging replica) does not serve the newer page under the old version: it reads again.
    expect(await cachedRead(exam, 'v', 3, read)).toEqual({ built: 4 });
    expect(reads).toBe(4);
  });
});
