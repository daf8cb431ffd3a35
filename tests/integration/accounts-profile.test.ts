import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { getUser } from '../../functions/domains/users/user-store.js';
import { recordHit, LOGIN_PER_USERNAME } from '../../functions/domains/users/throttle-store.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { throttleEntity } from '../../functions/domains/users/entities/throttle.js';
import { emailTokenEntity } from '../../functions/domains/users/entities/email-token.js';
import { usernameClaimEntity, emailClaimEntity } from '../../functions/domains/users/entities/account-claims.js';
import {
  appItem,
  clientFor,
  ephemeralItem,
  fixtureHash,
  json,
  makeUser,
  partitionItems,
  sessionsOf,
  uniqueName,
  useCloudEnv,
} from '../support/accounts.js';
import { TestClient } from '../support/http-client.js';
import { userDataExport } from '../support/export-jobs.js';

const apiUrl = inject('apiUrl');
let env: Record<string, string>;

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  const res = await fetch(`${env.AWS_ENDPOINT_URL_SESV2}/store`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(address));
}

function linkIn(mail: StoredMail): string {
  const match = /(https?:\/\/[^\s"<]+\/verify-email\/([A-Za-z0-9_-]+))/.exec(mail.body.text ?? '');
  if (!match) throw new Error('no verification link in the mail');
  return match[2]!;
}

beforeAll(async () => {
  env = useCloudEnv();
  await fixtureHash();
});

describe('profile', () => {
  it('keeps the browser zone sent at sign-up, and Asia/Seoul for a zone the server does not know (D120)', async () => {
    for (const [zone, stored] of [
      ['Europe/Berlin', 'Europe/Berlin'],
      ['Mars/Olympus', 'Asia/Seoul'],
    ] as const) {
      const client = await TestClient.create(apiUrl, 'en');
      const username = uniqueName('Tz');
      const res = await client.post('/api/register/', {
        id: username,
        name: 'Zone',
        password: 'correct horse battery',
        password_confirm: 'correct horse battery',
        time_zone: zone,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await json(await client.get('/api/user-profile/get/'))).toMatchObject({
        time_zone: stored,
        day_rollover_hour: 4,
      });
    }
  });

  it('answers the profile with its defaults and validates settings', async () => {
    const user = await makeUser({ language: 'en' });
    const client = await clientFor(apiUrl, user, 'ko');
    const profile = await json(await client.get('/api/user-profile/get/'));
    expect(profile).toEqual({
      username: user.username,
      email: user.email,
      first_name: 'Fixture',
      last_name: '',
      email_verified: false,
      language: 'en',
      random_exam_email_enabled: false,
      random_exam_question_count: 3,
      retention_cleanup_enabled: false,
      retention_cleanup_percentage: 0,
      // A user item without the learner's day reads as Korea with Anki's rollover (D120).
      time_zone: 'Asia/Seoul',
      day_rollover_hour: 4,
      // Review settings (D126): the defaults on an item without them.
      desired_retention: 0.9,
      new_cards_per_day: 20,
      max_reviews_per_day: 200,
      // Workload (D326): every day normal, the load balancer on.
      easy_days: ['normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'normal'],
      load_balancing: true,
    });
    expect(await json(await client.get('/api/user-profile/'))).toMatchObject({ language: 'en' });

    // The learner's day: IANA zones only, checked on the server, stored under their canonical name.
    expect(
      await json(
        await client.patch('/api/user-profile/update/', { time_zone: 'america/new_york', day_rollover_hour: 0 }),
      ),
    ).toMatchObject({
      time_zone: 'America/New_York',
      day_rollover_hour: 0,
    });
    for (const zone of ['Mars/Olympus', '+09:00', 'EST5EDT; DROP', '']) {
      const res = await client.patch('/api/user-profile/update/', { time_zone: zone });
      expect(res.status).toBe(400);
      const body = errorAnswer().parse(await res.json());
      expect(body.code).toBe('invalid_time_zone');
      expect(body.detail).toBe('Unknown time zone. Use an IANA zone name such as Asia/Seoul.');
    }
    for (const hour of [-1, 24, 3.5])
      expect((await client.patch('/api/user-profile/update/', { day_rollover_hour: hour })).status).toBe(400);
    expect(await json(await client.get('/api/user-profile/get/'))).toMatchObject({
      time_zone: 'America/New_York',
      day_rollover_hour: 0,
    });

    const updated = await client.patch('/api/user-profile/update/', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      random_exam_email_enabled: true,
      random_exam_question_count: 50,
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      random_exam_email_enabled: true,
      random_exam_question_count: 50,
    });
    for (const count of [0, 51, 2.5]) {
      const res = await client.patch('/api/user-profile/update/', { random_exam_question_count: count });
      expect(res.status).toBe(400);
      const body = errorAnswer().parse(await res.json());
      expect(body.code).toBe('validation_failed');
      // The caller's saved language (en) wins over the Accept-Language header (ko).
      expect(body.detail).toBe('Some input is not valid.');
    }

    expect(
      await json(
        await client.patch('/api/user-profile/', { retention_cleanup_enabled: true, retention_cleanup_percentage: 35 }),
      ),
    ).toMatchObject({
      retention_cleanup_enabled: true,
      retention_cleanup_percentage: 35,
    });
    for (const percentage of [33, 105, -5]) {
      expect((await client.patch('/api/user-profile/', { retention_cleanup_percentage: percentage })).status).toBe(400);
    }
  });

  it('changes the language; later errors come in it', async () => {
    const user = await makeUser({ language: 'ko' });
    const client = await clientFor(apiUrl, user, 'ko');
    expect((await client.post('/api/change-language/', { language: 'fr' })).status).toBe(400);
    expect(await json(await client.post('/api/change-language/', { language: 'en' }))).toEqual({
      success: true,
      language: 'en',
    });
    expect((await getUser(user.id))?.language).toBe('en');
    const res = await client.patch('/api/user-profile/update/', { email: 'broken' });
    expect(errorAnswer().parse(await res.json()).detail).toBe('The email address is not valid.');
  });

  it('swaps the EMAIL item when the email changes and clears email_verified; a taken address is refused', async () => {
    const user = await makeUser({ email_verified: true });
    const other = await makeUser();
    const client = await clientFor(apiUrl, user, 'en');
    const fresh = `${uniqueName('new')}@example.org`;
    const res = await client.patch('/api/user-profile/update/', { email: fresh });
    expect(await json(res)).toMatchObject({ email: fresh, email_verified: false });
    expect(await appItem(emailClaimEntity.key(user.email))).toBeUndefined();
    expect(await appItem(emailClaimEntity.key(fresh))).toMatchObject({ userId: user.id });

    const taken = await client.patch('/api/user-profile/update/', { email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(errorAnswer().parse(await taken.json()).code).toBe('email_unavailable');
    expect((await getUser(user.id))?.email).toBe(fresh);
    expect(await appItem(emailClaimEntity.key(other.email))).toMatchObject({ userId: other.id });

    // Removing the address frees it.
    expect(await json(await client.patch('/api/user-profile/update/', { email: '' }))).toMatchObject({ email: '' });
    expect(await appItem(emailClaimEntity.key(fresh))).toBeUndefined();
  });
});

describe('email verification', () => {
  it('sign-up with an email mails the verification link at once, in the chosen language; sign-up without one still succeeds', async () => {
    for (const language of ['ko', 'en'] as const) {
      const client = await TestClient.create(apiUrl, language);
      const username = uniqueName('Mail');
      const email = `${username.toLowerCase()}@example.com`;
      const res = await client.post('/api/register/', {
        id: username,
        name: 'New',
        email,
        password: 'correct horse battery',
        password_confirm: 'correct horse battery',
        language,
      });
      expect(res.status).toBe(201);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(language === 'ko' ? '이메일 주소를 인증해 주세요' : 'Verify your email address');
      const verified = await new TestClient(apiUrl, language).get(`/api/verify-email/${linkIn(mails[0]!)}/`);
      expect(verified.status).toBe(200);
      expect(await json(await client.get('/api/user-profile/get/'))).toMatchObject({ email_verified: true });
    }
    // Without an email there is nothing to mail, and the sign-up still succeeds.
    const bare = await TestClient.create(apiUrl, 'en');
    expect(
      (await bare.post('/api/register/', { id: uniqueName('NoMail'), name: 'New', password: 'correct horse battery' }))
        .status,
    ).toBe(201);
  });

  it('mails a single-use link in the user language (text and HTML) that verifies the address', async () => {
    const user = await makeUser({ language: 'en' });
    const client = await clientFor(apiUrl, user, 'en');
    const sent = await client.post('/api/send-email-verification/');
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ email_verified: false });

    const [mail] = await mailsTo(user.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Verify your email address');
    const token = linkIn(mail!);
    expect(mail!.body.text).toContain(`${env.APP_ORIGIN}/verify-email/${token}`);
    expect(mail!.body.html).toContain(`/verify-email/${token}`);
    // Only the hash of the token is stored.
    expect(await ephemeralItem(emailTokenEntity.key(token))).toBeUndefined();

    const anonymous = new TestClient(apiUrl, 'en');
    const verified = await anonymous.get(`/api/verify-email/${token}/`);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ email_verified: true });
    expect(await json(await client.get('/api/user-profile/get/'))).toMatchObject({ email_verified: true });

    const again = await anonymous.get(`/api/verify-email/${token}/`);
    expect(again.status).toBe(400);
    expect(errorAnswer().parse(await again.json()).code).toBe('verification_token_invalid');

    expect(await json(await client.post('/api/send-email-verification/'))).toMatchObject({ email_verified: true });
  });

  it('writes Korean mail for a Korean user', async () => {
    const user = await makeUser({ language: 'ko' });
    const client = await clientFor(apiUrl, user, 'ko');
    expect((await client.post('/api/send-email-verification/')).status).toBe(200);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('이메일 주소를 인증해 주세요');
    expect(mail!.body.text).toContain('24시간');
  });

  it('says "expired" (만료) for an expired token and "invalid" for an unknown one', async () => {
    const user = await makeUser();
    const { createHash, randomBytes } = await import('node:crypto');
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    const past = Math.floor(Date.now() / 1000) - 60;
    await dynamoDocument().send(
      new PutCommand({
        TableName: env.EPHEMERAL_TABLE,
        Item: {
          ...emailTokenEntity.key(hash),
          ...emailTokenEntity.userIndex(user.id, hash),
          userId: user.id,
          email: user.email,
          createdAt: past - 86400,
          expiresAt: past,
        },
      }),
    );
    for (const [language, word] of [
      ['en', /expired/],
      ['ko', /만료/],
    ] as const) {
      const res = await new TestClient(apiUrl, language).get(`/api/verify-email/${token}/`);
      expect(res.status).toBe(400);
      const body = errorAnswer().parse(await res.json());
      expect(body.code).toBe('verification_token_expired');
      expect(body.detail).toMatch(word);
    }
    const unknown = await new TestClient(apiUrl, 'en').get(
      `/api/verify-email/${randomBytes(32).toString('base64url')}/`,
    );
    expect(errorAnswer().parse(await unknown.json()).code).toBe('verification_token_invalid');
    const garbage = await new TestClient(apiUrl, 'en').get('/api/verify-email/%3Cscript%3E/');
    expect(garbage.status).toBe(400);
    expect((await getUser(user.id))?.email_verified).toBe(false);
  });

  it('does not verify an address the user has since replaced', async () => {
    const user = await makeUser();
    const client = await clientFor(apiUrl, user, 'en');
    await client.post('/api/send-email-verification/');
    const token = linkIn((await mailsTo(user.email))[0]!);
    await client.patch('/api/user-profile/update/', { email: `${uniqueName('moved')}@example.net` });
    const res = await client.get(`/api/verify-email/${token}/`);
    expect(res.status).toBe(400);
    expect((await getUser(user.id))?.email_verified).toBe(false);
  });

  it('needs an email address first', async () => {
    const client = await clientFor(apiUrl, await makeUser({ email: '' }), 'en');
    const res = await client.post('/api/send-email-verification/');
    expect(res.status).toBe(400);
    expect(errorAnswer().parse(await res.json()).code).toBe('email_required');
  });
});

/** Records of later features, in the user's partition: withdrawal and export must cover them untouched. */
async function seedPersonalRecords(userId: string) {
  const records = [
    { sk: 'RESULT#2025-01-01T00:00:00Z#r1', score: 80, exam_title: '첫 시험' },
    { sk: 'RESULT#2025-01-02T00:00:00Z#r2', score: 95, exam_title: 'Second', answers: { q1: 'a' } },
    { sk: 'STAT#q-17', attempts: 4, correct: 3 },
    { sk: 'FAV#q-42', added_at: '2025-01-03' },
  ];
  for (const record of records) {
    await dynamoDocument().send(new PutCommand({ TableName: env.APP_TABLE, Item: { pk: userPk(userId), ...record } }));
  }
  return records;
}

describe('withdrawal', () => {
  it('deletes every personal record: partition, username and email claims, sessions, tokens, counters', async () => {
    const user = await makeUser({ language: 'en' });
    const bystander = await makeUser();
    await seedPersonalRecords(user.id);
    await seedPersonalRecords(bystander.id);
    const client = await clientFor(apiUrl, user, 'en');
    const otherBrowser = await clientFor(apiUrl, user);
    await client.post('/api/send-email-verification/');
    await recordHit(LOGIN_PER_USERNAME, user.username.toLowerCase());
    expect(await partitionItems(user.id)).toHaveLength(5);
    expect(await sessionsOf(user.id)).toHaveLength(2);

    const res = await client.delete('/api/delete-my-account/');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining('deleted') });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sessionid='))).toMatch(/Max-Age=0/);

    expect(await partitionItems(user.id)).toEqual([]);
    expect(await appItem(usernameClaimEntity.key(user.username))).toBeUndefined();
    expect(await appItem(emailClaimEntity.key(user.email))).toBeUndefined();
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await ephemeralItem(throttleEntity.key('login-user', user.username.toLowerCase()))).toBeUndefined();
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const tokens = await dynamoDocument().send(
      new QueryCommand({
        TableName: env.EPHEMERAL_TABLE,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': emailTokenEntity.userPartition(user.id) },
      }),
    );
    expect(tokens.Items).toEqual([]);
    expect((await otherBrowser.get('/api/auth/status/')).status).toBe(200);
    expect(await json(await otherBrowser.get('/api/auth/status/'))).toMatchObject({ authenticated: false });

    // Someone else's data is untouched, and the name is free again.
    expect(await partitionItems(bystander.id)).toHaveLength(5);
    const again = await TestClient.create(apiUrl);
    expect(
      (
        await again.post('/api/register/', {
          id: user.username,
          name: 'Reborn',
          email: user.email,
          password: 'long-enough-1',
        })
      ).status,
    ).toBe(201);
  });
});

describe('data export', () => {
  it('answers an xlsx with one sheet per record kind, every record, and no password hash', async () => {
    const user = await makeUser({ first_name: '김', last_name: '철수' });
    const records = await seedPersonalRecords(user.id);
    const client = await clientFor(apiUrl, user);
    const res = await userDataExport(client);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain(`filename="user_data_export_${user.username}.xlsx"`);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['profile', 'fav', 'result', 'stat']);
    const sheet = (name: string) => XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[name]!);
    expect(sheet('profile')).toEqual([
      expect.objectContaining({
        id: user.id,
        username: user.username,
        first_name: '김',
        last_name: '철수',
        email: user.email,
      }),
    ]);
    expect(sheet('result')).toHaveLength(2);
    expect(sheet('result')[0]).toMatchObject({ score: 80, exam_title: '첫 시험' });
    expect(sheet('result')[1]).toMatchObject({ answers: '{"q1":"a"}' });
    expect(sheet('stat')).toEqual([{ attempts: 4, correct: 3 }]);
    expect(sheet('fav')).toEqual([{ added_at: '2025-01-03' }]);
    expect(records).toHaveLength(4);
    const everything = JSON.stringify(
      book.SheetNames.map((n) => XLSX.utils.sheet_to_json(book.Sheets[n]!, { header: 1 })),
    );
    expect(everything).not.toContain('passwordHash');
    expect(everything).not.toContain(user.passwordHash.split('$')[5]!);
    expect(everything).not.toContain('scrypt$');
  });
});

describe('user search', () => {
  it('finds up to 20 users by username prefix, case-insensitively, with what a picker shows (no email for a plain user)', async () => {
    const prefix = uniqueName('Srch').toLowerCase();
    await Promise.all(
      Array.from({ length: 22 }, (_, i) => makeUser({ username: `${prefix}_${String(i).padStart(2, '0')}` })),
    );
    await makeUser({ username: `x${prefix}` });
    const client = await clientFor(apiUrl, await makeUser());
    const { users } = await json<{ users: Record<string, unknown>[] }>(
      await client.get(`/api/search-users/?q=${prefix.toUpperCase()}`),
    );
    expect(users).toHaveLength(20);
    expect(users[0]).toEqual({
      id: expect.any(String),
      username: `${prefix}_00`,
      display_name: 'Fixture',
      email: null,
    });
    expect(users.every((u) => String(u.username).startsWith(prefix))).toBe(true);
    const empty = await client.get('/api/search-users/?q=');
    expect(empty.status).toBe(400);
    expect((await client.get('/api/search-users/')).status).toBe(400);
  });
});
