import { createServer, type Server } from 'node:http';
import type { webcrypto } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { findUserByEmail, getUser } from '../../functions/domains/users/user-store.js';
import { clientFor, json, makeUser, sessionsOf, uniqueName, useCloudEnv } from '../support/accounts.js';
import { TestClient } from '../support/http-client.js';
import { TEST_GOOGLE_CLIENT_ID } from '../support/test-settings.js';

/**
 * Google sign-in against a local JWKS: the integration setup points GOOGLE_JWKS_URL at
 * inject('googleJwksPort'), where this file serves the public half of a key pair it made.
 */
const apiUrl = inject('apiUrl');
const KID = 'test-key-1';

let server: Server;
let signingKey: webcrypto.CryptoKey;
let strangerKey: webcrypto.CryptoKey;
let env: Record<string, string>;

beforeAll(async () => {
  env = useCloudEnv();
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(inject('googleJwksPort'), '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: webcrypto.CryptoKey;
  audience?: string;
  issuer?: string;
  expiresAt?: number;
}

function googleToken(email: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email, email_verified: true, given_name: 'Gee', family_name: 'Mail', ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? TEST_GOOGLE_CLIENT_ID)
    .setSubject(`sub-${email}`)
    .setIssuedAt(now - 10)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? signingKey);
}

async function signIn(token: string, extra: Record<string, unknown> = {}, client?: TestClient): Promise<Response> {
  const c = client ?? (await TestClient.create(apiUrl, 'en'));
  return c.post('/api/google-oauth/', { id_token: token, language: 'en', ...extra });
}

async function expectInvalid(res: Response, code = 'google_token_invalid'): Promise<void> {
  expect(res.status).toBe(401);
  expect(errorAnswer().parse(await res.json()).code).toBe(code);
}

describe('Google sign-in', () => {
  it('serves the client id and a redirect on our own origin only', async () => {
    const client = new TestClient(apiUrl);
    expect(await json(await client.get('/api/google-oauth/config/?domain=localhost'))).toEqual({
      client_id: TEST_GOOGLE_CLIENT_ID,
      redirect_uri: `${env.APP_ORIGIN}/login`,
    });
    expect(await json(await client.get('/api/google-oauth/config/?domain=evil.example'))).toMatchObject({
      redirect_uri: `${env.APP_ORIGIN}/login`,
    });
  });

  it('creates a verified user for a valid token and starts a session; the next sign-in finds them', async () => {
    const email = `${uniqueName('g')}@gmail.com`;
    const client = await TestClient.create(apiUrl, 'en');
    const res = await signIn(await googleToken(email), {}, client);
    expect(res.status).toBe(200);
    const body = await json<{
      success: boolean;
      message: string;
      user: { id: string; email: string; email_verified: boolean; username: string };
    }>(res);
    expect(body).toMatchObject({ success: true, user: { email, email_verified: true, username: email.split('@')[0] } });
    expect(await json(await client.get('/api/auth/status/'))).toMatchObject({
      authenticated: true,
      user: { id: body.user.id },
    });
    const stored = await getUser(body.user.id);
    expect(stored).toMatchObject({ auth_provider: 'google', first_name: 'Gee', last_name: 'Mail', language: 'en' });
    expect(stored!.passwordHash.startsWith('scrypt$')).toBe(false);

    const again = await signIn(await googleToken(email.toUpperCase()));
    expect((await json<{ user: { id: string } }>(again)).user.id).toBe(body.user.id);
  });

  it('signs an existing account in by its email', async () => {
    const user = await makeUser({ email_verified: true });
    const res = await signIn(await googleToken(user.email));
    expect(res.status).toBe(200);
    expect((await json<{ user: { id: string } }>(res)).user.id).toBe(user.id);
    expect((await getUser(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it('takes over an unverified account only by ending its password and sessions (pre-hijack defence)', async () => {
    const squatter = await makeUser({ email_verified: false });
    const squatterBrowser = await clientFor(apiUrl, squatter);
    const res = await signIn(await googleToken(squatter.email));
    expect(res.status).toBe(200);
    const after = await getUser(squatter.id);
    expect(after?.email_verified).toBe(true);
    expect(after?.passwordHash).not.toBe(squatter.passwordHash);
    expect(await json(await squatterBrowser.get('/api/auth/status/'))).toMatchObject({ authenticated: false });
    expect(await sessionsOf(squatter.id)).toHaveLength(1);
  });

  it('refuses a bad signature, a wrong audience, a wrong issuer and an expired token', async () => {
    const email = `${uniqueName('bad')}@gmail.com`;
    await expectInvalid(await signIn(await googleToken(email, { key: strangerKey })));
    await expectInvalid(
      await signIn(await googleToken(email, { audience: 'someone-else.apps.googleusercontent.com' })),
    );
    await expectInvalid(await signIn(await googleToken(email, { issuer: 'https://evil.example' })));
    await expectInvalid(await signIn(await googleToken(email, { expiresAt: Math.floor(Date.now() / 1000) - 120 })));
    await expectInvalid(await signIn('not-a-jwt'));
    expect(await findUserByEmail(email)).toBeNull();
  });

  it('checks the nonce when the client sent one', async () => {
    const email = `${uniqueName('nonce')}@gmail.com`;
    const token = await googleToken(email, { claims: { nonce: 'n-123' } });
    await expectInvalid(await signIn(token, { nonce: 'n-999' }));
    expect((await signIn(token, { nonce: 'n-123' })).status).toBe(200);
  });

  it('creates no account for an address Google has not verified', async () => {
    const email = `${uniqueName('unv')}@gmail.com`;
    await expectInvalid(
      await signIn(await googleToken(email, { claims: { email_verified: false } })),
      'google_email_unverified',
    );
    expect(await findUserByEmail(email)).toBeNull();
  });
});
