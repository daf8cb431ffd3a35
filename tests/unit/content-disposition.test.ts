import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../functions/runtime/http/file-reply.js';

describe('contentDisposition', () => {
  it('sends a quoted ASCII fallback and the UTF-8 name for every file name', () => {
    expect(contentDisposition('users.xlsx')).toBe(`attachment; filename="users.xlsx"; filename*=UTF-8''users.xlsx`);
    expect(contentDisposition('큰 파일.xlsx')).toBe(
      `attachment; filename="_ __.xlsx"; filename*=UTF-8''${encodeURIComponent('큰 파일.xlsx')}`,
    );
  });

  it("percent-encodes what RFC 8187 does not allow bare (encodeURIComponent leaves ' ( ) * alone)", () => {
    expect(contentDisposition("it's (1).xlsx")).toContain(`filename*=UTF-8''it%27s%20%281%29.xlsx`);
  });

  it('reads back as the same name in any script, and the fallback stays printable ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), (name) => {
        const header = contentDisposition(name);
        expect(parse(header).parameters.filename).toBe(name);
        expect(parse(header, { extended: false }).parameters.filename).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });
});
