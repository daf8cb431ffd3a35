import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (no native add-on to build for Lambda).
 * Stored as `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost can be raised later and old
 * hashes still verify with the parameters they were made with.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** N=2^17, r=8 needs 128 * N * r = 128 MiB; Node's default cap is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;
/** Stored parameters are trusted only within these bounds (a corrupt row must not cost minutes). */
const MAX_N = 2 ** 20;

/** Prefix of hashes that can never verify: users created from the sheet or through Google. */
const UNUSABLE_PREFIX = '!';

function scrypt(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  keyLength = KEY_LENGTH,
): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    // The callback form runs on libuv's thread pool: the event loop stays free meanwhile.
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  const hash = await scrypt(password, salt, SCRYPT_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** A hash no password matches; an admin (or Google sign-in) gives the account a way in. */
export function unusablePasswordHash(): string {
  return UNUSABLE_PREFIX + randomBytes(24).toString('base64url');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string | undefined | null): ParsedHash | null {
  if (!stored) return null;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 4)
    return null;
  if (salt.length < 8 || hash.length < 16 || hash.length > 128) return null;
  return { N, r, p, salt, hash };
}

/**
 * A stand-in hash with the production parameters. Verifying against it costs exactly what a
 * real verification costs, so a login for an unknown user (or one without a usable password)
 * takes as long as a wrong password for a real one.
 */
const DUMMY_HASH = [
  'scrypt',
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  randomBytes(SALT_BYTES).toString('base64'),
  randomBytes(KEY_LENGTH).toString('base64'),
].join('$');

/**
 * True when `password` matches `stored`. Always runs one scrypt with production cost, even
 * when there is no usable hash (unknown user, sheet-created or Google-only account), and
 * compares with timingSafeEqual.
 */
export async function verifyPassword(password: string, stored: string | undefined | null): Promise<boolean> {
  const parsed = parseHash(stored);
  const target = parsed ?? parseHash(DUMMY_HASH)!;
  const candidate = await scrypt(password, target.salt, target, target.hash.length);
  const equal = timingSafeEqual(candidate, target.hash);
  return parsed !== null && equal;
}

/** Whether the stored hash was made with weaker parameters than today's (re-hash after a login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !!parsed && (parsed.N < SCRYPT_PARAMS.N || parsed.r < SCRYPT_PARAMS.r);
}

export function hasUsablePassword(stored: string | undefined | null): boolean {
  return parseHash(stored) !== null;
}
