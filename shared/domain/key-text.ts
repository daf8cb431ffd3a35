import * as z from 'zod/mini';

/**
 * Names and titles become DynamoDB keys (a file's `FILENAME#<key>`, an exam's `EXAMTITLE#<key>`,
 * `TAGNAME#<key>`, the list indexes' sort keys) in a folded form: NFKC, trimmed, inner whitespace
 * collapsed, lower case. NFKC can lengthen a text many times over (U+FDFA is 1 character and
 * becomes 18; 200 of them are 7,200 UTF-8 bytes), so a character limit on the input says nothing
 * about the key: what is stored is measured, after folding, in bytes.
 */
export function keyText(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * DynamoDB sort keys take at most 1,024 bytes (partition keys 2,048). The longest frame around a
 * key text — `FILENAME#` / `EXAMTITLE#` before it, `#<20-character id>` after it — is under 40
 * bytes; 900 leaves room and is still 300 Hangul syllables.
 */
export const KEY_TEXT_MAX_BYTES = 900;

const utf8 = /* @__PURE__ */ new TextEncoder();

export const keyTextBytes = (text: string) => utf8.encode(keyText(text)).byteLength;

export const fitsKey = (text: string) => keyTextBytes(text) <= KEY_TEXT_MAX_BYTES;

/** The answer's code when a text is too long as a key; the zod refinements below carry it. */
export const KEY_TEXT_TOO_LONG = 'key_text_too_long';

/**
 * Adds the byte rule to a contract's string schema (optional or nullable ones too): the request is
 * refused with `400 key_text_too_long` instead of failing at the database.
 */
export function keyable<S extends z.ZodMiniType<string | null | undefined>>(schema: S) {
  return schema.check(
    z.refine((value) => value == null || fitsKey(value), {
      message: `too long once normalised: at most ${KEY_TEXT_MAX_BYTES} bytes`,
      params: { code: KEY_TEXT_TOO_LONG, limit: KEY_TEXT_MAX_BYTES },
    }),
  );
}
