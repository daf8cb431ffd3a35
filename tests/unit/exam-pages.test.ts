import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeExamCursor, encodeExamCursor, viewsThatFit } from '../../functions/domains/exams/exam-pages.js';
import { AppError } from '../../functions/runtime/http/app-error.js';

/** The exam read's page cursor and byte cut (D357). */
describe('exam read pages', () => {
  it('decodes every cursor it encodes to the same position', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (position) => {
        expect(decodeExamCursor(encodeExamCursor(position))).toBe(position);
      }),
    );
  });

  it('answers 400 cursor_invalid for any other string', () => {
    const code = (cursor: string) => {
      try {
        decodeExamCursor(cursor);
        return 'accepted';
      } catch (error) {
        return error instanceof AppError ? `${error.status} ${error.code}` : 'thrown';
      }
    };
    fc.assert(
      fc.property(fc.string(), (cursor) => {
        const result = code(cursor);
        if (result === 'accepted') expect(encodeExamCursor(decodeExamCursor(cursor))).toBeTruthy();
        else expect(result).toBe('400 cursor_invalid');
      }),
    );
    for (const bad of ['', 'x', encode({ p: 0 }), encode({ p: 1.5 }), encode({ p: '3' }), encode([1]), encode(null)])
      expect(code(bad)).toBe('400 cursor_invalid');
  });

  it('keeps the longest prefix within the budget, and at least one view', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), text: fc.string({ unit: 'grapheme', maxLength: 300 }) })),
        fc.integer({ min: 1, max: 5_000 }),
        (views, budget) => {
          const kept = viewsThatFit(views, budget);
          const bytes = (n: number) =>
            views.slice(0, n).reduce((sum, v) => sum + Buffer.byteLength(JSON.stringify(v), 'utf8') + 1, 0);
          expect(kept).toBeGreaterThanOrEqual(Math.min(1, views.length));
          if (kept > 1) expect(bytes(kept)).toBeLessThanOrEqual(budget);
          if (kept < views.length) expect(bytes(kept + 1)).toBeGreaterThan(budget);
        },
      ),
    );
  });
});

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
