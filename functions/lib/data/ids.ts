/** Ids the server generates (docs/architecture.md §2.1 Ids). No `.` in any id: the SPA rewrite treats a dotted last segment as a file. */
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random 20-character id of [0-9a-z] (≈103 bits); used for files, exams, tags and uploads. */
export function newId(length = 20): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % 36];
  return id;
}

/** Ids we generate: what a `{name}` path parameter is when it is not a file name. */
export const GENERATED_ID = /^[0-9a-z]{20}$/;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** A ULID-style id (26 chars of lower-case Crockford base32): time-ordered, so `RESULT#<id>` lists by time. */
export function newResultId(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let random = '';
  for (const byte of bytes) random += CROCKFORD[byte % 32];
  return time + random;
}
