import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { fixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { KO_HEADER, multipartForm, questionRows, xlsxBytes } from '../support/sheets.js';
import { TestClient } from '../support/http-client.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/** A raw request, so what Node's HTTP client would refuse to send (huge lines) still goes out. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const target = new URL(apiUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: target.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the API edge answers every refusal with a code and a detail', () => {
  it.each(['%', '%E0%A4%A', '%ED%A0%80', 'abc%zz'])(
    'refuses broken percent-encoding %s in a path parameter with 400',
    async (raw) => {
      const client = new TestClient(apiUrl, 'en');
      for (const path of [`/api/exam/${raw}/`, `/api/verify-email/${raw}/`]) {
        const res = await rawGet(path, { 'accept-language': 'en' });
        expect(res.status, path).toBe(400);
        const body = errorAnswer().parse(JSON.parse(res.body));
        expect(body.code).toBe('invalid_path_parameter');
        expect(body.detail).toMatch(/percent-encoded/);
      }
      // A well-formed escape still reaches its route.
      const fine = await client.get('/api/exam/%EC%8B%9C%ED%97%98/');
      expect(fine.status).not.toBe(400);
    },
  );

  it('answers an 11 MB body with 413 payload_too_large in the caller language', async () => {
    const client = await TestClient.create(apiUrl, 'ko');
    const res = await client.request('POST', '/api/test-csrf/', {
      body: 'x'.repeat(11 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    const body = errorAnswer().parse(await res.json());
    expect(body.code).toBe('payload_too_large');
    expect(body.detail).toBe('요청 크기가 너무 큽니다 (최대 10 MB).');
  });

  it('answers a 100 KB query string and oversized headers with 431 and a code', async () => {
    const longQuery = await rawGet(`/api/exams/?q=${'a'.repeat(100 * 1024)}`, { 'accept-language': 'en' });
    expect(longQuery.status).toBe(431);
    expect(errorAnswer().parse(JSON.parse(longQuery.body)).code).toBe('request_header_too_large');
    const bigHeader = await rawGet('/api/csrf-token/', { 'accept-language': 'ko', 'x-padding': 'p'.repeat(20 * 1024) });
    expect(bigHeader.status).toBe(431);
    const body = errorAnswer().parse(JSON.parse(bigHeader.body));
    expect(body.code).toBe('request_header_too_large');
    expect(body.detail).toBe('요청 주소나 헤더가 너무 깁니다.');
    // The server still answers afterwards.
    expect((await rawGet('/api/csrf-token/')).status).toBe(200);
  });

  it('answers an upload with two file parts over 16 KB at once with 400 and keeps nothing', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const bytes = xlsxBytes([KO_HEADER, ...questionRows(400)]);
    expect(bytes.length).toBeGreaterThan(16 * 1024);
    const form = multipartForm({ is_public: 'false' }, { name: 'first.xlsx', bytes });
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'second.xlsx');
    const started = Date.now();
    const res = await user.client.request('POST', '/api/upload-questions/', { body: form });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(400);
    expect(errorAnswer().parse(await res.json()).code).toBe('invalid_multipart');
    expect(await itemsOwnedBy(user.id)).toEqual([]);
    expect(await objectsUnder(`files/${user.id}/`)).toEqual([]);
  });
});
