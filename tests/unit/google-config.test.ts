import { afterEach, describe, expect, it } from 'vitest';
import { googleConfig, verifyGoogleIdToken } from '../../functions/domains/accounts/google-sign-in.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('Google sign-in configuration', () => {
  it('answers a null client_id when Google is not configured, so the button hides', async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    process.env.APP_ORIGIN = 'https://quiz.example';
    expect(await googleConfig({ query: { domain: 'quiz.example' } })).toEqual({
      client_id: null,
      redirect_uri: 'https://quiz.example/login',
    });
    await expect(verifyGoogleIdToken('a.b.c', undefined)).rejects.toMatchObject({
      status: 400,
      code: 'google_sign_in_unavailable',
    });
  });

  it('redirects only to our own hosts', async () => {
    process.env.GOOGLE_CLIENT_ID = 'cid';
    process.env.APP_ORIGIN = 'https://quiz.example';
    process.env.GOOGLE_REDIRECT_HOSTS = 'devops.quiz.example, us.quiz.example';
    expect(await googleConfig({ query: { domain: 'devops.quiz.example' } })).toEqual({
      client_id: 'cid',
      redirect_uri: 'https://devops.quiz.example/login',
    });
    expect((await googleConfig({ query: { domain: 'evil.example' } })).redirect_uri).toBe('https://quiz.example/login');
    expect((await googleConfig({ query: {} })).redirect_uri).toBe('https://quiz.example/login');
  });
});
