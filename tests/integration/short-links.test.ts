import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { shortLinkClaimEntity } from '../../functions/domains/links/entities/short-link-claim.js';
import { shortLinkEntity } from '../../functions/domains/links/entities/short-link.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam } from '../support/exam-fixtures.js';
import { TestClient } from '../support/http-client.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

let owner: FixtureUser;
let other: FixtureUser;
let anonymous: TestClient;
let privateExam: string;
let publicExam: string;

interface Created {
  success: true;
  short_url: string;
  short_code: string;
  expires_at: string;
}

async function shorten(client: TestClient, url: string, extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await client.post('/api/short-url/create/', { url, ...extra });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Created;
}

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  other = await fixtureUser(apiUrl);
  anonymous = await anonymousClient(apiUrl);
  privateExam = (
    await createExam(owner, { title: `short private ${uniqueSuffix()}`, question_count: 0, is_public: false })
  ).id;
  publicExam = (
    await createExam(owner, { title: `short public ${uniqueSuffix()}`, question_count: 0, is_public: true })
  ).id;
});

describe('create', () => {
  it('answers a short URL on the app origin; the same URL gets the same live code', async () => {
    const path = `/exam-detail/${publicExam}?tab=${uniqueSuffix()}#q3`;
    const first = await shorten(owner.client, path);
    expect(first.short_url).toBe(`${process.env.APP_ORIGIN}/s/${first.short_code}`);
    expect(first.short_code).toMatch(/^[0-9A-Za-z]{7}$/);
    const days = (Date.parse(first.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The same target, absolute on the app origin, from another caller: the same code.
    expect((await shorten(other.client, `${process.env.APP_ORIGIN}${path}`)).short_code).toBe(first.short_code);
    expect((await shorten(anonymous, path)).short_code).toBe(first.short_code);
    expect((await shorten(owner.client, `${path}x`)).short_code).not.toBe(first.short_code);
  });

  it('expires_days: default 30, at most 365', async () => {
    const long = await shorten(owner.client, `/results?${uniqueSuffix()}`, { expires_days: 365 });
    expect((Date.parse(long.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(364.9);
    expect((await owner.client.post('/api/short-url/create/', { url: '/x', expires_days: 366 })).status).toBe(400);
    expect((await owner.client.post('/api/short-url/create/', { url: '/x', expires_days: 0 })).status).toBe(400);
    expect((await owner.client.post('/api/short-url/create/', {})).status).toBe(400);
  });

  it('refuses targets outside the site with short_link_external', async () => {
    for (const url of [
      'https://evil.example/',
      'http://evil.example/take-exam/1',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      'evil.example',
      '/ok\nLocation: https://evil.example',
      `${process.env.APP_ORIGIN}.evil.example/`,
      `${process.env.APP_ORIGIN!.replace('http://', 'http://user@')}/`,
      '/%2F/evil.example',
    ]) {
      const res = await anonymous.post('/api/short-url/create/', { url });
      if (url === '/%2F/evil.example') {
        // Percent-encoded: stays a path of this site ("/%2F/evil.example"), harmless.
        expect(res.status, url).toBe(200);
        continue;
      }
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { code: string }).code, url).toBe('short_link_external');
    }
  });

  it('throttles anonymous callers per address, not signed-in ones', async () => {
    const client = await TestClient.create(apiUrl);
    client.localAddress = '127.0.0.77';
    await client.refreshCsrf();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await client.post('/api/short-url/create/', { url: `/throttle/${i}` })).status;
    expect(last).toBe(429);
    expect((await owner.client.post('/api/short-url/create/', { url: `/throttle/${uniqueSuffix()}` })).status).toBe(
      200,
    );
  });
});

describe('follow', () => {
  it('redirects to the stored path', async () => {
    const path = `/exam-detail/${publicExam}?t=${uniqueSuffix()}`;
    const { short_code } = await shorten(owner.client, path);
    for (const client of [anonymous, other.client]) {
      const res = await client.get(`/s/${short_code}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(path);
    }
  });

  it('unknown code → 404 page, expired → 410 page, in the caller language', async () => {
    const missing = await anonymous.get('/s/Zz9Zz9Q');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    const html = await missing.text();
    expect(html).toContain('짧은 링크를 찾을 수 없습니다');
    expect(html).toContain('href="/"');

    const code = `Old${uniqueSuffix().replace(/[^0-9A-Za-z]/g, '')}`.slice(0, 12);
    const past = Math.floor(Date.now() / 1000) - 60;
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.ephemeralTable,
        Item: {
          ...shortLinkEntity.key(code),
          type: 'SHORT',
          code,
          url: '/results',
          createdBy: null,
          createdAt: past - 100,
          expiresAt: past,
        },
      }),
    );
    const expired = await anonymous.get(`/s/${code}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('만료');
    const english = await anonymousClient(apiUrl, 'en');
    expect(await (await english.get(`/s/${code}`)).text()).toContain('This short link has expired.');
  });

  it('an expired claim does not keep its URL: a new code is made', async () => {
    const path = `/results?${uniqueSuffix()}`;
    const past = Math.floor(Date.now() / 1000) - 1;
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.ephemeralTable,
        Item: { ...shortLinkClaimEntity.key(path), type: 'SHORTURL', code: 'Expired1', expiresAt: past },
      }),
    );
    const made = await shorten(owner.client, path);
    expect(made.short_code).not.toBe('Expired1');
    const { Item } = await dynamoDocument().send(
      new GetCommand({ TableName: config.ephemeralTable, Key: shortLinkClaimEntity.key(path) }),
    );
    expect(Item?.code).toBe(made.short_code);
  });

  it('a private exam target sends anonymous visitors to login; the signed-in owner to the path', async () => {
    for (const path of [
      `/take-exam/${privateExam}`,
      `/exam-detail/${privateExam}?from=share`,
      `/exam/${privateExam}`,
      `/random-practice?exam_id=${privateExam}`,
    ]) {
      const { short_code } = await shorten(owner.client, path);
      const anon = await anonymous.get(`/s/${short_code}`);
      expect(anon.status, path).toBe(302);
      expect(anon.headers.get('location'), path).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
      const mine = await owner.client.get(`/s/${short_code}`);
      expect(mine.headers.get('location'), path).toBe(path);
    }
  });

  it('never redirects off-site even if a stored item says so', async () => {
    const code = `Evil${uniqueSuffix().replace(/[^0-9A-Za-z]/g, '')}`.slice(0, 12);
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.ephemeralTable,
        Item: {
          ...shortLinkEntity.key(code),
          type: 'SHORT',
          code,
          url: '//evil.example',
          createdBy: null,
          createdAt: 0,
          expiresAt: Math.floor(Date.now() / 1000) + 60,
        },
      }),
    );
    expect((await anonymous.get(`/s/${code}`)).status).toBe(404);
  });
});
