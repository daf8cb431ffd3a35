import { describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { TestClient } from '../support/http-client.js';

const apiUrl = inject('apiUrl');

describe('HTTP runtime through the API Gateway adapter', () => {
  it('issues a CSRF token as a readable cookie and in the body', async () => {
    const client = new TestClient(apiUrl);
    const res = await client.get('/api/csrf-token/');
    expect(res.status).toBe(200);
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    expect(csrfToken.length).toBeGreaterThanOrEqual(32);
    expect(client.cookie('csrftoken')).toBe(csrfToken);
    const setCookie = res.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/HttpOnly/);
  });

  it('refuses an unsafe request without a CSRF token, in the caller language', async () => {
    const client = await TestClient.create(apiUrl, 'en');
    const res = await client.post('/api/test-csrf/', {}, { csrf: false });
    expect(res.status).toBe(403);
    const body = errorAnswer().parse(await res.json());
    expect(body.code).toBe('csrf_failed');
    expect(body.detail).toMatch(/CSRF token/);
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = await TestClient.create(apiUrl);
    const res = await client.post('/api/test-csrf/', {}, { headers: { 'x-csrftoken': 'x'.repeat(43) }, csrf: false });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('csrf_failed');
  });

  it('accepts an unsafe request with the matching token', async () => {
    const client = await TestClient.create(apiUrl);
    const res = await client.post('/api/test-csrf/', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
  });

  it('keeps an existing token when asked again, so open tabs keep working', async () => {
    const client = await TestClient.create(apiUrl);
    const first = client.csrfToken;
    await client.refreshCsrf();
    expect(client.csrfToken).toBe(first);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const client = await TestClient.create(apiUrl);
    const res = await client.request('POST', '/api/test-csrf/', {
      body: '{"broken": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const body = errorAnswer().parse(await res.json());
    expect(body.code).toBe('invalid_json');
    expect(body.detail).toBe('요청 본문이 올바른 JSON이 아닙니다.');
  });

  it('answers a body over the JSON limit with 413', async () => {
    const client = await TestClient.create(apiUrl, 'en');
    const res = await client.post('/api/test-csrf/', { blob: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(errorAnswer().parse(await res.json()).code).toBe('payload_too_large');
  });

  it('answers an unknown path with 404 route_not_found', async () => {
    const client = new TestClient(apiUrl, 'en');
    for (const [method, path] of [
      ['GET', '/api/definitely-not-a-route/'],
      ['DELETE', '/api/csrf-token/'],
      ['POST', '/api/csrf-token/'],
      ['GET', '/api/csrf-token/extra/'],
    ] as const) {
      const res = await client.request(method, path, { csrf: false });
      expect(res.status, `${method} ${path}`).toBe(404);
      const body = errorAnswer().parse(await res.json());
      expect(body.code).toBe('route_not_found');
      expect(body.detail).toBe('No API route matches this request.');
    }
  });

  it('matches a route with or without its trailing slash, as API Gateway does', async () => {
    const res = await fetch(`${apiUrl}/api/csrf-token`);
    expect(res.status).toBe(200);
  });

  it('sets security headers and never leaks server internals', async () => {
    const res = await fetch(`${apiUrl}/api/csrf-token/`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('server')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('validates query parameters against the contract and falls back for translations', async () => {
    const res = await fetch(`${apiUrl}/api/translations/?lang=fr`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { language: string }).language).toBe('ko');
  });
});

describe('translations', () => {
  for (const [lang, text] of [
    ['ko', '요청한 API 경로가 없습니다.'],
    ['en', 'No API route matches this request.'],
  ] as const) {
    it(`serves the ${lang} resources`, async () => {
      const res = await fetch(`${apiUrl}/api/translations/?lang=${lang}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        language: string;
        translations: { errors: Record<string, string>; roles: Record<string, string> };
      };
      expect(body.language).toBe(lang);
      expect(body.translations.errors.route_not_found).toBe(text);
      expect(Object.keys(body.translations.roles)).toEqual(['user_role', 'study_admin_role', 'admin_role']);
    });
  }

  it('has the same keys in both languages', async () => {
    const [ko, en] = await Promise.all(
      ['ko', 'en'].map(
        async (lang) =>
          ((await (await fetch(`${apiUrl}/api/translations/?lang=${lang}`)).json()) as { translations: object })
            .translations,
      ),
    );
    const flatten = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(flatten(ko!).sort()).toEqual(flatten(en!).sort());
  });
});
