import { customAlphabet } from 'nanoid';
import { ulid } from 'ulid';

/** Ids the server generates (docs/architecture.md §2.1 Ids). No `.` in any id: the SPA rewrite treats a dotted last segment as a file. */
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A random id of [0-9a-z], 20 characters by default (≈103 bits); used for files, exams, tags and
 * uploads (24). nanoid draws each character uniformly (a byte mod 36 would favour 0-3).
 */
export const newId: (length?: number) => string = customAlphabet(ID_ALPHABET, 20);

/** Ids we generate: what a `{name}` path parameter is when it is not a file name. */
export const GENERATED_ID = /^[0-9a-z]{20}$/;

/**
 * A ULID (26 chars of Crockford base32, lower-cased as our ids always were): the first 10 encode
 * the millisecond, so `RESULT#<id>` lists by time and new ids sort with the ones already stored.
 * Not the monotonic factory: callers pass past moments too (results/reset.ts takes the prefix of
 * a cutoff), and a monotonic id for an earlier moment would carry the later one's time.
 */
export function newResultId(now = Date.now()): string {
  return ulid(now).toLowerCase();
}
