import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contracts/define-route.js';
import { KEY_TEXT_MAX_BYTES, fitsKey, keyText } from '#shared/domain/key-text.js';
import { manifestRoutes } from '../fuzz/fuzzer.js';
import { defOf } from '../support/zod-internals.js';

/** Query fields the services fold into a key or a key prefix (tags, exams, users). */
const SEARCH_FIELDS = ['search', 'search_title', 'q'];

/** Characters NFKC turns into several (U+FDFA → 18, ﬃ → 3, ㎒ → 3, ⑴ → 3, ǆ → 2, ¼ → 3), and plain ones. */
const GROWING = ['\uFB03', '\u3392', '\u2474', '\u01C6', '\u00BC', 'a', '가', ' '];
/** Mostly U+FDFA, so that many cases cross the limit within the fields' character limits. */
const growingChar = fc.oneof({ arbitrary: fc.constant('\uFDFA'), weight: 3 }, fc.constantFrom(...GROWING));

const searchFields = manifestRoutes().flatMap((route) => {
  const shape = defOf(route.query).shape ?? {};
  return SEARCH_FIELDS.filter((name) => name in shape).map(
    (name) => [`${routeKey(route)} ?${name}`, z.object({ [name]: shape[name]! }), name] as const,
  );
});

describe('search text is validated after the folding the services apply', () => {
  it('finds the search fields of the tags, exams and users lists', () => {
    expect(searchFields.map(([label]) => label)).toEqual(
      expect.arrayContaining(['GET /api/tags ?search', 'GET /api/exams ?search', 'GET /api/search-users ?q']),
    );
  });

  it.each(searchFields)('%s accepts only what fits a key once NFKC-folded', (_label, schema, name) => {
    fc.assert(
      fc.property(fc.array(growingChar, { minLength: 1, maxLength: 260, size: 'max' }), (chars) => {
        const value = chars.join('');
        const accepted = schema.safeParse({ [name]: value }).success;
        // What grows past the key limit is refused (400 key_text_too_long), never sent to the table.
        if (accepted) expect(fitsKey(value)).toBe(true);
        if (!fitsKey(value)) expect(accepted).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses 100 × U+FDFA, 100 characters that fold to 1,800', () => {
    const value = '\uFDFA'.repeat(100);
    expect(keyText(value)).toHaveLength(1800);
    for (const [, schema, name] of searchFields) {
      const result = schema.safeParse({ [name]: value });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({
        params: { code: 'key_text_too_long', limit: KEY_TEXT_MAX_BYTES },
      });
    }
  });
});
