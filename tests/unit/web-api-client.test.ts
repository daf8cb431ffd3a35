import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { defineRoute } from '#shared/contracts/define-route.js';
import { ApiError, callApi, fetchFile, urlFor } from '../../web/src/lib/api-client.js';
import { fileNameFromDisposition } from '../../web/src/lib/content-disposition.js';
import { errorText } from '../../web/src/lib/error-text.js';
import { setCurrentLanguage } from '../../web/src/lib/current-language.js';

const getExam = defineRoute({
  method: 'GET',
  path: '/api/exam/{examId}/',
  access: 'public',
  schemas: () => ({
    params: z.object({ examId: z.string() }),
    query: z.object({ page: z.optional(z.number()), tags: z.optional(z.array(z.string())) }),
  }),
  response: () => z.object({ id: z.string(), title: z.string() }),
});

const saveExam = defineRoute({
  method: 'POST',
  path: '/api/create-exam/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ title: z.string() }),
  }),
  response: () => z.object({ id: z.string() }),
});

const download = defineRoute({ method: 'GET', path: '/api/users/download-excel/', access: 'admin' });

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let cookie = '';
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  cookie = '';
  // The client runs in the browser; node gets just enough of one.
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setCurrentLanguage('ko');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('urlFor', () => {
  test('fills path parameters and appends the query, skipping empty values', () => {
    expect(
      urlFor(getExam, { params: { examId: 'a b' }, query: { page: 2, tags: ['x', 'y'], missing: undefined } }),
    ).toBe('/api/exam/a%20b/?page=2&tags=x&tags=y');
    expect(urlFor(saveExam)).toBe('/api/create-exam/');
  });
});

describe('callApi', () => {
  test('parses a success answer with the contract and sends the current language', async () => {
    setCurrentLanguage('en');
    fetchMock.mockResolvedValueOnce(json({ id: 'e1', title: 'Linux', extra: true }));
    await expect(callApi(getExam, { params: { examId: 'e1' } })).resolves.toEqual({ id: 'e1', title: 'Linux' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/exam/e1/');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect((init.headers as Headers).get('Accept-Language')).toBe('en');
    expect((init.headers as Headers).has('X-CSRFToken')).toBe(false);
  });

  test('turns an error answer into an ApiError with code, detail and issues', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          code: 'validation_failed',
          detail: '입력값이 올바르지 않습니다.',
          issues: [{ path: ['title'], message: 'Required' }],
        },
        400,
      ),
    );
    const error = await callApi(getExam, { params: { examId: 'e1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', detail: '입력값이 올바르지 않습니다.' });
    expect((error as ApiError).issues).toEqual([{ path: ['title'], message: 'Required' }]);
  });

  test('an answer that does not match the contract is an invalid_response error', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 5 }));
    await expect(callApi(getExam, { params: { examId: 'e1' } })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  test('a network failure is a network_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(getExam, { params: { examId: 'e1' } })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  test('unsafe methods send JSON and the csrftoken cookie as X-CSRFToken', async () => {
    cookie = 'other=1; csrftoken=tok%2D1';
    fetchMock.mockResolvedValueOnce(json({ id: 'e2' }));
    await callApi(saveExam, { body: { title: 'T' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Headers).get('X-CSRFToken')).toBe('tok-1');
    expect((init.headers as Headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"title":"T"}');
  });

  test('reads the __Host- cookie used over HTTPS', async () => {
    cookie = '__Host-csrftoken=secure-token';
    fetchMock.mockResolvedValueOnce(json({ id: 'e2' }));
    await callApi(saveExam, { body: { title: 'T' } });
    expect((fetchMock.mock.calls[0]![1].headers as Headers).get('X-CSRFToken')).toBe('secure-token');
  });

  test('without the cookie it fetches a token and sends the request 1 s later', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/csrf-token/') {
        cookie = 'csrftoken=fresh';
        return json({ csrfToken: 'fresh' });
      }
      return json({ id: 'e3' });
    });
    const pending = callApi(saveExam, { body: { title: 'T' } });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/csrf-token/']);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ id: 'e3' });
    expect((fetchMock.mock.calls[1]![1].headers as Headers).get('X-CSRFToken')).toBe('fresh');
  });

  test('a csrf_failed answer refreshes the token and retries once', async () => {
    cookie = 'csrftoken=stale';
    fetchMock
      .mockResolvedValueOnce(json({ code: 'csrf_failed', detail: 'CSRF' }, 403))
      .mockImplementationOnce(async () => {
        cookie = 'csrftoken=renewed';
        return json({ csrfToken: 'renewed' });
      })
      .mockResolvedValueOnce(json({ id: 'e4' }));
    await expect(callApi(saveExam, { body: { title: 'T' } })).resolves.toEqual({ id: 'e4' });
    expect((fetchMock.mock.calls[2]![1].headers as Headers).get('X-CSRFToken')).toBe('renewed');
  });
});

describe('files', () => {
  test('fetchFile names the file from Content-Disposition, else the fallback', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('xlsx', {
        headers: {
          'content-disposition':
            'attachment; filename="users.xlsx"; filename*=UTF-8\'\'%EC%82%AC%EC%9A%A9%EC%9E%90.xlsx',
        },
      }),
    );
    await expect(fetchFile(download, {}, 'users.xlsx')).resolves.toMatchObject({ fileName: '사용자.xlsx' });
    fetchMock.mockResolvedValueOnce(new Response('xlsx'));
    await expect(fetchFile(download, {}, 'users.xlsx')).resolves.toMatchObject({ fileName: 'users.xlsx' });
  });

  test.each([
    ['attachment; filename="report.xlsx"', 'report.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ["attachment; filename*=UTF-8''user_data_export_%ED%99%8D.xlsx", 'user_data_export_홍.xlsx'],
    ['attachment; filename="a\\"b.xlsx"', 'a"b.xlsx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ["attachment; filename*=UTF-8''..%2F..%2Fx.xlsx", 'x.xlsx'],
    // Broken percent-encoding in filename* falls back to the plain name.
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.xlsx"', 'fallback.xlsx'],
    ['attachment; filename=""', null],
    ['attachment', null],
    [null, null],
  ])('fileNameFromDisposition(%s)', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});

describe('errorText', () => {
  const t = (key: string) => `t:${key}`;

  test('prefers the server detail, translates client codes, falls back to a generic text', () => {
    expect(
      errorText(new ApiError({ status: 400, code: 'validation_failed', detail: '입력값이 올바르지 않습니다.' }), t),
    ).toBe('입력값이 올바르지 않습니다.');
    expect(errorText(new ApiError({ status: 0, code: 'network_error', detail: 'x' }), t)).toBe(
      't:app.errors.network_error',
    );
    expect(errorText(new Error('boom'), t)).toBe('t:app.errors.generic');
  });
});
