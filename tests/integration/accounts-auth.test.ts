import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { sessionKey } from '../../functions/domains/users/session-store.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { sessionEntity } from '../../functions/domains/users/entities/session.js';
import { throttleEntity } from '../../functions/domains/users/entities/throttle.js';
import { usernameClaimEntity, emailClaimEntity } from '../../functions/domains/users/entities/account-claims.js';
import { findUserByUsername } from '../../functions/domains/users/user-store.js';
import {
  appItem,
  clientFor,
  ephemeralItem,
  FIXTURE_PASSWORD,
  fixtureHash,
  json,
  makeUser,
  sessionsOf,
  uniqueName,
  useCloudEnv,
} from '../support/accounts.js';
import { TestClient } from '../support/http-client.js';
import { TEST_LOGIN_THROTTLE_WINDOW_SECONDS } from '../support/test-settings.js';

const apiUrl = inject('apiUrl');

interface UserBody {
  id: string;
  username: string;
  email: string;
  email_verified: boolean;
  role: string;
  has_study_admin_role: boolean;
  language: string;
}

async function status(client: TestClient): Promise<{ authenticated: boolean; user: UserBody | null }> {
  return json(await client.get('/api/auth/status/'));
}

async function login(client: TestClient, username: string, password: string): Promise<Response> {
  return client.post('/api/login/', { username, password });
}

/** A client whose requests come from their own loopback address, so per-IP counters are theirs alone. */
let nextAddress = 20;
async function clientFromOwnAddress(language: 'ko' | 'en' = 'en'): Promise<TestClient> {
  const client = new TestClient(apiUrl, language);
  client.localAddress = `127.0.0.${nextAddress++}`;
  await client.refreshCsrf();
  return client;
}

beforeAll(async () => {
  useCloudEnv();
  await fixtureHash();
});

describe('registration', () => {
  it('creates the account, signs it in with an HttpOnly SameSite=Lax cookie, and stores a scrypt hash', async () => {
    const client = await TestClient.create(apiUrl, 'en');
    const username = uniqueName('Reg');
    const res = await client.post('/api/register/', {
      id: username,
      name: 'New Person',
      email: `${username}@Example.com`,
      affiliation: 'Lab',
      location: 'Seoul',
      password: 'correct horse battery',
      password_confirm: 'correct horse battery',
      language: 'en',
    });
    expect(res.status).toBe(201);
    const body = await json<{ success: boolean; auto_login: boolean; user: UserBody & Record<string, unknown> }>(res);
    expect(body).toMatchObject({
      success: true,
      auto_login: true,
      user: { username, role: 'user_role', email_verified: false, language: 'en' },
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sessionid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await status(client)).user?.username).toBe(username);

    const stored = await findUserByUsername(username.toUpperCase());
    expect(stored?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).toMatchObject({ first_name: 'New Person', affiliation: 'Lab', location: 'Seoul' });
    expect(await appItem(emailClaimEntity.key(`${username}@example.com`))).toMatchObject({ userId: stored!.id });
  });

  it('names a taken username (409 username_taken), case-insensitively', async () => {
    const existing = await makeUser();
    const client = await TestClient.create(apiUrl, 'en');
    const res = await client.post('/api/register/', {
      id: existing.username.toUpperCase(),
      name: 'X',
      password: 'long-enough-1',
    });
    expect(res.status).toBe(409);
    expect(errorAnswer().parse(await res.json()).code).toBe('username_taken');
  });

  it('does not reveal a taken email: a generic 409 registration_failed, and nothing is written', async () => {
    const existing = await makeUser();
    const client = await TestClient.create(apiUrl, 'en');
    const username = uniqueName('probe');
    const res = await client.post('/api/register/', {
      id: username,
      name: 'X',
      email: existing.email.toUpperCase(),
      password: 'long-enough-1',
    });
    expect(res.status).toBe(409);
    const body = errorAnswer().parse(await res.json());
    expect(body.code).toBe('registration_failed');
    expect(body.detail.toLowerCase()).not.toContain('email');
    expect(await appItem(usernameClaimEntity.key(username))).toBeUndefined();
  });

  it('refuses bad input with stable codes in the caller language', async () => {
    const ko = await TestClient.create(apiUrl, 'ko');
    const en = await TestClient.create(apiUrl, 'en');
    const base = { id: uniqueName('v'), name: 'Valid', password: 'long-enough-1' };
    const cases: [TestClient, Record<string, unknown>, string, RegExp][] = [
      [en, { ...base, password: 'short' }, 'password_too_short', /at least 8/],
      [ko, { ...base, password: 'short' }, 'password_too_short', /8자 이상/],
      [en, { ...base, password: 'x'.repeat(129) }, 'password_too_long', /128/],
      [en, { ...base, id: 'has space' }, 'username_invalid', /username/i],
      [en, { ...base, email: 'not-an-email' }, 'email_invalid', /email/i],
      [en, { ...base, name: '  ' }, 'name_required', /name/i],
      [en, { ...base, password_confirm: 'different-123' }, 'passwords_do_not_match', /do not match/],
      [en, { name: 'no id' }, 'validation_failed', /not valid/],
    ];
    for (const [client, payload, code, detail] of cases) {
      const res = await client.post('/api/register/', payload);
      expect(res.status, code).toBe(400);
      const body = errorAnswer().parse(await res.json());
      expect(body.code).toBe(code);
      expect(body.detail).toMatch(detail);
    }
  });
});

describe('login', () => {
  it('answers the same invalid_credentials for an unknown user and a wrong password', async () => {
    const user = await makeUser();
    const client = await clientFromOwnAddress();
    const wrong = await login(client, user.username, 'wrong-password');
    const unknown = await login(client, uniqueName('ghost'), 'wrong-password');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    const [a, b] = [errorAnswer().parse(await wrong.json()), errorAnswer().parse(await unknown.json())];
    expect(a.code).toBe('invalid_credentials');
    expect(b).toEqual(a);
  });

  it('signs in case-insensitively and answers the user', async () => {
    const user = await makeUser({ role: 'study_admin_role' });
    const client = await TestClient.create(apiUrl);
    const res = await login(client, user.username.toUpperCase(), FIXTURE_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, user: { id: user.id, has_study_admin_role: true } });
  });
});

describe('sessions', () => {
  it('issues a new session id at login; a planted or previous id never becomes authenticated', async () => {
    const user = await makeUser();
    const client = await TestClient.create(apiUrl);
    client.setCookie('sessionid', 'attacker-chosen-session-id');
    expect((await login(client, user.username, FIXTURE_PASSWORD)).status).toBe(200);
    const first = client.cookie('sessionid')!;
    expect(first).not.toBe('attacker-chosen-session-id');
    expect(first.length).toBeGreaterThanOrEqual(43);

    const attacker = await TestClient.create(apiUrl);
    attacker.setCookie('sessionid', 'attacker-chosen-session-id');
    expect((await status(attacker)).authenticated).toBe(false);

    // Signing in again on the same browser replaces the session and deletes the old one.
    expect((await login(client, user.username, FIXTURE_PASSWORD)).status).toBe(200);
    const second = client.cookie('sessionid')!;
    expect(second).not.toBe(first);
    expect(await ephemeralItem(sessionEntity.key(sessionKey(first)))).toBeUndefined();
    const replay = await TestClient.create(apiUrl);
    replay.setCookie('sessionid', first);
    expect((await status(replay)).authenticated).toBe(false);
    expect((await status(client)).authenticated).toBe(true);
  });

  it('expires after a week idle and after 30 days whatever happens', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const times of [
      { createdAt: now - 10 * 86400, lastSeenAt: now - 8 * 86400 },
      { createdAt: now - 31 * 86400, lastSeenAt: now - 60 },
    ]) {
      const user = await makeUser();
      const client = await clientFor(apiUrl, user);
      expect((await status(client)).authenticated).toBe(true);
      await dynamoDocument().send(
        new UpdateCommand({
          TableName: process.env.EPHEMERAL_TABLE!,
          Key: sessionEntity.key(sessionKey(client.cookie('sessionid')!)),
          UpdateExpression: 'SET createdAt = :c, lastSeenAt = :l',
          ExpressionAttributeValues: { ':c': times.createdAt, ':l': times.lastSeenAt },
        }),
      );
      expect((await status(client)).authenticated).toBe(false);
      expect((await client.get('/api/user-profile/get/')).status).toBe(401);
    }
  });

  it('logout deletes the session and expires the cookie; the old cookie no longer authenticates', async () => {
    const user = await makeUser();
    const client = await clientFor(apiUrl, user);
    const id = client.cookie('sessionid')!;
    const res = await client.post('/api/logout/');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sessionid='))).toMatch(/Max-Age=0/);
    expect(client.cookie('sessionid')).toBeUndefined();
    const replay = await TestClient.create(apiUrl);
    replay.setCookie('sessionid', id);
    expect((await status(replay)).authenticated).toBe(false);
    expect((await replay.get('/api/user-profile/')).status).toBe(401);
    expect(await sessionsOf(user.id)).toEqual([]);
  });
});

describe('password changes', () => {
  it('needs the current password; ends every other session of the user but keeps this one', async () => {
    const user = await makeUser();
    const here = await clientFor(apiUrl, user, 'en');
    const elsewhere = await clientFor(apiUrl, user);
    const path = `/api/user/${user.id}/change-password/`;

    const missing = await here.post(path, { new_password: 'brand-new-pass-1' });
    expect(missing.status).toBe(400);
    expect(errorAnswer().parse(await missing.json()).code).toBe('current_password_required');
    const wrong = await here.post(path, { new_password: 'brand-new-pass-1', current_password: 'nope-nope-nope' });
    expect(wrong.status).toBe(400);
    expect(errorAnswer().parse(await wrong.json()).code).toBe('current_password_incorrect');
    const short = await here.post(path, { new_password: 'short', current_password: FIXTURE_PASSWORD });
    expect(errorAnswer().parse(await short.json()).code).toBe('password_too_short');

    const ok = await here.post(path, { new_password: 'brand-new-pass-1', current_password: FIXTURE_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await status(here)).authenticated).toBe(true);
    expect((await status(elsewhere)).authenticated).toBe(false);
    expect(await sessionsOf(user.id)).toHaveLength(1);

    const fresh = await clientFromOwnAddress();
    expect((await login(fresh, user.username, FIXTURE_PASSWORD)).status).toBe(401);
    expect((await login(fresh, user.username, 'brand-new-pass-1')).status).toBe(200);
  });

  it('lets an admin set another user’s password (min 8), ending all of that user’s sessions', async () => {
    const user = await makeUser();
    const admin = await makeUser({ role: 'admin_role' });
    const userClient = await clientFor(apiUrl, user);
    const adminClient = await clientFor(apiUrl, admin, 'en');
    const path = `/api/user/${user.id}/change-password/`;
    const short = await adminClient.post(path, { password: 'six666' });
    expect(short.status).toBe(400);
    expect(errorAnswer().parse(await short.json()).code).toBe('password_too_short');
    expect((await adminClient.post(path, { password: 'set-by-admin-1' })).status).toBe(200);
    expect((await status(userClient)).authenticated).toBe(false);
    expect(await sessionsOf(user.id)).toEqual([]);
    const fresh = await TestClient.create(apiUrl);
    expect((await login(fresh, user.username, 'set-by-admin-1')).status).toBe(200);

    expect(
      (
        await adminClient.post(`/api/user/00000000-0000-4000-8000-000000000000/change-password/`, {
          password: 'whatever-123',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses anyone else with 403, whether or not the target exists', async () => {
    const user = await makeUser();
    const other = await clientFor(apiUrl, await makeUser({ role: 'study_admin_role' }));
    expect((await other.post(`/api/user/${user.id}/change-password/`, { password: 'hijack-attempt-1' })).status).toBe(
      403,
    );
    expect((await other.post(`/api/user/no-such-user/change-password/`, { password: 'hijack-attempt-1' })).status).toBe(
      403,
    );
  });
});

// One after the other: twenty scrypts racing five would stretch the first test past its window.
describe('login throttling', () => {
  const window = TEST_LOGIN_THROTTLE_WINDOW_SECONDS;
  /** The counter's window ends now: its end moved to the past, as time would (no test waits it out). */
  const endWindow = (counter: Record<string, string>) =>
    dynamoDocument().send(
      new UpdateCommand({
        TableName: process.env.EPHEMERAL_TABLE!,
        Key: counter,
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );

  it('blocks a username after 5 failures (even with the right password, from anywhere); lifts when the window passes', async () => {
    const user = await makeUser();
    const client = await clientFromOwnAddress();
    for (let i = 0; i < 5; i++) expect((await login(client, user.username, `wrong-${i}-password`)).status).toBe(401);
    const blocked = await login(client, user.username, FIXTURE_PASSWORD);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
    expect(errorAnswer().parse(await blocked.json()).code).toBe('too_many_requests');
    // The counter belongs to the username: another address is blocked too.
    const elsewhere = await clientFromOwnAddress();
    expect((await login(elsewhere, user.username, FIXTURE_PASSWORD)).status).toBe(429);

    // The window ends (DynamoDB TTL has not removed the counter yet: expiry is checked on read).
    const counter = throttleEntity.key('login-user', user.username.toLowerCase());
    expect(await ephemeralItem(counter)).toMatchObject({ count: 5 });
    await endWindow(counter);
    expect((await login(client, user.username, FIXTURE_PASSWORD)).status).toBe(200);
    // A success clears the username's counter.
    expect(await ephemeralItem(counter)).toBeUndefined();
  }, 60_000);

  it('blocks a client address after 20 failures across usernames; lifts when the window passes', async () => {
    const client = await clientFromOwnAddress();
    // Unknown usernames: each still costs a full scrypt, exactly as real guessing would.
    for (let batch = 0; batch < 4; batch++) {
      const names = Array.from({ length: 5 }, (_, i) => uniqueName(`spray${batch}${i}`));
      const answers = await Promise.all(names.map((name) => login(client, name, 'guess-password')));
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    }
    const user = await makeUser();
    const blocked = await login(client, user.username, FIXTURE_PASSWORD);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
    // The same user from a different address is fine.
    const elsewhere = await clientFromOwnAddress();
    expect((await login(elsewhere, user.username, FIXTURE_PASSWORD)).status).toBe(200);

    const counter = throttleEntity.key('login-ip', client.localAddress!);
    expect(await ephemeralItem(counter)).toMatchObject({ count: 20 });
    await endWindow(counter);
    expect((await login(client, user.username, FIXTURE_PASSWORD)).status).toBe(200);
  }, 120_000);
});
