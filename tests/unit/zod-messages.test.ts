import { describe, expect, it } from 'vitest';
import { createTag } from '#shared/contracts/tags.js';
import { validationFailed } from '../../functions/runtime/http/app-error.js';

/**
 * D100: zod/mini registers no issue messages of its own ("Invalid input"); classic registered English
 * on its first schema. Answers carry the messages (`issues` of `validation_failed`), so the first
 * contract built registers English. Nothing in this file loads zod classic, which would register it too.
 */
describe('validation messages on zod/mini (D100)', () => {
  it("answers zod's English texts, as with classic", () => {
    const result = createTag.body.safeParse({ name_ko: 5, name_en: 'x'.repeat(500) });
    expect(result.success).toBe(false);
    const error = validationFailed(result.error!, 'body');
    expect(error.extra.issues).toEqual([
      { path: ['body', 'name_ko'], message: 'Invalid input: expected string, received number' },
      {
        path: ['body', 'name_en'],
        message: expect.stringMatching(/^Too big: expected string to have <=\d+ characters$/),
      },
    ]);
  });
});
