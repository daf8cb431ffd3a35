import * as crypto from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../functions/runtime/http/app-error.js';
import type { RequestContext } from '../../functions/runtime/http/types.js';
import { createLogger } from '../../functions/runtime/log.js';

/*
 * The login service with its storage replaced: for an unknown username it must still run one
 * production-cost scrypt and answer exactly what a wrong password gets.
 */
// Each scrypt costs ~0.5 s of CPU, far more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, default: actual, scrypt: vi.fn(actual.scrypt), timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const repository = vi.hoisted(() => ({ findUserByUsername: vi.fn() }));
vi.mock('../../functions/domains/users/user-store.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  findUserByUsername: repository.findUserByUsername,
}));
const throttle = vi.hoisted(() => ({
  blockedFor: vi.fn(async () => 0),
  recordHit: vi.fn(async () => undefined),
  clearThrottle: vi.fn(),
}));
vi.mock('../../functions/domains/users/throttle-store.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...throttle,
}));

const { login } = await import('../../functions/domains/accounts/auth.js');
const { hashPassword } = await import('../../functions/domains/users/passwords.js');

const ctx = (): RequestContext => ({
  requestId: 'r',
  language: 'en',
  cookies: {},
  caller: null,
  sourceIp: '203.0.113.9',
  userAgent: '',
  log: createLogger(),
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the login to fail');
}

describe('login without a matching user', () => {
  beforeEach(() => {
    vi.mocked(crypto.scrypt).mockClear();
    vi.mocked(crypto.timingSafeEqual).mockClear();
    throttle.recordHit.mockClear();
  });

  it('runs one full scrypt and a timing-safe compare, and answers invalid_credentials', async () => {
    repository.findUserByUsername.mockResolvedValue(null);
    const error = await failure(login({ body: { username: 'nobody', password: 'whatever-password' } }, ctx()));
    expect(error).toBeInstanceOf(AppError);
    expect([error.status, error.code]).toEqual([401, 'invalid_credentials']);
    expect(crypto.scrypt).toHaveBeenCalledTimes(1);
    expect(vi.mocked(crypto.scrypt).mock.calls[0]![3]).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(1);
    // Counted against the username and the address like any failure.
    expect(throttle.recordHit.mock.calls.map((c) => (c as unknown[])[1])).toEqual(['nobody', '203.0.113.9']);
  });

  it('answers a wrong password for a real user identically, with the same work', async () => {
    const stored = await hashPassword('the-real-password');
    vi.mocked(crypto.scrypt).mockClear();
    repository.findUserByUsername.mockResolvedValue({ id: 'u1', username: 'someone', passwordHash: stored });
    const wrong = await failure(login({ body: { username: 'someone', password: 'whatever-password' } }, ctx()));
    repository.findUserByUsername.mockResolvedValue(null);
    const unknown = await failure(login({ body: { username: 'nobody', password: 'whatever-password' } }, ctx()));
    expect([wrong.status, wrong.code, wrong.params]).toEqual([unknown.status, unknown.code, unknown.params]);
    expect(crypto.scrypt).toHaveBeenCalledTimes(2);
  });

  it('refuses a throttled caller before hashing anything', async () => {
    throttle.blockedFor.mockResolvedValueOnce(120);
    const error = await failure(login({ body: { username: 'someone', password: 'x' } }, ctx()));
    expect([error.status, error.code]).toEqual([429, 'too_many_requests']);
    expect(error.extra.headers?.['retry-after']).toBe('120');
    expect(crypto.scrypt).not.toHaveBeenCalled();
  });
});
