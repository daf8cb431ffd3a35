import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

// Each scrypt costs ~0.5 s of CPU, far more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// Spies around the real primitives: the tests can see which comparisons and hashes run.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, default: actual, timingSafeEqual: vi.fn(actual.timingSafeEqual), scrypt: vi.fn(actual.scrypt) };
});

const { hashPassword, hasUsablePassword, needsRehash, unusablePasswordHash, verifyPassword, SCRYPT_PARAMS } =
  await import('../../functions/domains/users/passwords.js');

const scryptSpy = vi.mocked(crypto.scrypt);
const timingSafeEqualSpy = vi.mocked(crypto.timingSafeEqual);

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with N=2^17, r=8, p=1, a 16-byte salt and raised maxmem', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(32);
    const options = scryptSpy.mock.calls.at(-1)![3] as crypto.ScryptOptions;
    expect(options).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect(options.maxmem).toBeGreaterThanOrEqual(128 * 2 ** 17 * 8 + 1024);
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    expect(needsRehash(stored)).toBe(false);
    expect(hasUsablePassword(stored)).toBe(true);
  });

  it('verifies the right password and refuses a wrong one, comparing with timingSafeEqual', async () => {
    const stored = await hashPassword('s3cret-password');
    timingSafeEqualSpy.mockClear();
    expect(await verifyPassword('s3cret-password', stored)).toBe(true);
    expect(timingSafeEqualSpy).toHaveBeenCalledTimes(1);
    expect(await verifyPassword('s3cret-passworD', stored)).toBe(false);
    expect(timingSafeEqualSpy).toHaveBeenCalledTimes(2);
  });

  it('salts every hash differently', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('runs a full-cost scrypt and a timing-safe compare even without a usable hash', async () => {
    for (const stored of [
      undefined,
      null,
      '',
      unusablePasswordHash(),
      'md5$abc',
      'scrypt$1073741824$8$1$AAAAAAAAAAA=$AAAAAAAAAAAAAAAAAAAAAA==',
    ]) {
      scryptSpy.mockClear();
      timingSafeEqualSpy.mockClear();
      expect(await verifyPassword('anything-at-all', stored)).toBe(false);
      expect(scryptSpy).toHaveBeenCalledTimes(1);
      // Production cost, never a parameter read from a corrupt row (N=2^30 would take minutes).
      expect(scryptSpy.mock.calls[0]![3]).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
      expect(timingSafeEqualSpy).toHaveBeenCalledTimes(1);
    }
  });

  it('marks unusable hashes as such', () => {
    const stored = unusablePasswordHash();
    expect(stored.startsWith('!')).toBe(true);
    expect(hasUsablePassword(stored)).toBe(false);
  });

  it('verifies hashes made with older, cheaper parameters and flags them for re-hashing', async () => {
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync('legacy-pass', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('legacy-pass', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });
});
