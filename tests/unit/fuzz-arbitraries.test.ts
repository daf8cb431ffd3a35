import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contracts/define-route.js';
import * as files from '#shared/contracts/files.js';
import {
  SHEET_ENCODINGS,
  SHEET_HEADER_MODES,
  SHEET_QUOTE_MODES,
  SHEET_READING_DELIMITERS,
  SHEET_RECORD_DELIMITERS,
  SHEET_TEXT_FORMATS,
} from '#shared/domain/question-sheet.js';
import { KEY_TEXT_MAX_BYTES, fitsKey, keyText, keyTextBytes, keyable } from '#shared/domain/key-text.js';
import { validationFailed } from '../../functions/runtime/http/app-error.js';
import { manifestRoutes } from '../fuzz/fuzzer.js';
import { arbitraryOf } from '../fuzz/zod-arbitrary.js';

describe('zod → fast-check arbitraries for the contracts (tests/fuzz)', () => {
  it.each(manifestRoutes().map((r) => [routeKey(r), r] as const))(
    '%s: generated params, query and body mostly pass the contract',
    (_, route) => {
      for (const schema of [route.params, route.query, route.body]) {
        const values = fc.sample(arbitraryOf(schema), { numRuns: 40, seed: 7 });
        const accepted = values.filter((v) => schema.safeParse(v).success).length;
        // Refinements across fields (e.g. "a tag name is required") reject some; most must get through.
        expect(accepted, JSON.stringify(values.find((v) => !schema.safeParse(v).success))).toBeGreaterThanOrEqual(20);
      }
    },
    30_000,
  );

  it.each([files.previewUploadedFile, files.importUploadedFile].map((r) => [routeKey(r), r] as const))(
    '%s: bodies carry the reading (delimiter, records, quotes, encoding, header, text format), every choice',
    (_, route) => {
      const body = route.body;
      const readings = fc
        .sample(arbitraryOf(body), { numRuns: 300, seed: 11 })
        .filter((v) => body.safeParse(v).success)
        .map((v) => (v as { reading?: Record<string, string> }).reading)
        .filter((r) => r !== undefined);
      expect(readings.length).toBeGreaterThan(30);
      const seen = (key: string) => new Set(readings.map((r) => r[key]).filter((v) => v !== undefined));
      expect([...seen('delimiter')].sort()).toEqual([...SHEET_READING_DELIMITERS].sort());
      expect([...seen('record_delimiter')].sort()).toEqual([...SHEET_RECORD_DELIMITERS].sort());
      expect([...seen('quotes')].sort()).toEqual([...SHEET_QUOTE_MODES].sort());
      expect([...seen('encoding')].sort()).toEqual([...SHEET_ENCODINGS].sort());
      expect([...seen('header')].sort()).toEqual([...SHEET_HEADER_MODES].sort());
      expect([...seen('text_format')].sort()).toEqual([...SHEET_TEXT_FORMATS].sort());
    },
    30_000,
  );

  it('refuses a shape it does not know, so a new contract cannot escape the fuzzer', () => {
    expect(() => arbitraryOf(z.map(z.string(), z.string()))).toThrow(/no arbitrary for zod type "map"/);
  });
});

describe('key text is measured as stored', () => {
  it('folds with NFKC and counts UTF-8 bytes after folding', () => {
    expect(keyText('\uFDFA')).toHaveLength(18);
    expect(keyTextBytes('\uFDFA'.repeat(25))).toBe(25 * 33);
    expect(keyText('  Ａｂ  C ')).toBe('ab c');
    expect(fitsKey('가'.repeat(300))).toBe(true);
    expect(fitsKey('가'.repeat(301))).toBe(false);
    expect(fitsKey('\uFDFA'.repeat(28))).toBe(false);
  });

  it('answers 400 key_text_too_long with the limit when a contract field is too long once folded', () => {
    const schema = z.object({ title: keyable(z.optional(z.string().check(z.maxLength(200)))) });
    expect(schema.safeParse({}).success).toBe(true);
    const result = schema.safeParse({ title: '\uFDFA'.repeat(60) });
    expect(result.success).toBe(false);
    const error = validationFailed(result.error!, 'body');
    expect([error.status, error.code, error.params]).toEqual([400, 'key_text_too_long', { limit: KEY_TEXT_MAX_BYTES }]);
    expect(validationFailed(z.object({ n: z.number() }).safeParse({ n: 'x' }).error!, 'body').code).toBe(
      'validation_failed',
    );
  });
});
