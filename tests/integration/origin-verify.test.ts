import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiGatewayAdapter } from '../../local/api-gateway-adapter.js';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import { fixtureUser } from '../support/fixture-users.js';

/*
 * Architecture §6 gap 1: with the origin secret configured, the functions answer only requests
 * that came through CloudFront (which adds the secret header). Here the handlers run in this test
 * process with the secret set, behind two adapters on the shared engines: one plays CloudFront
 * (adds the header), the other is the execute-api endpoint reached directly (does not).
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'test-origin-secret-0123456789abcdef';
Object.assign(process.env, inject('cloudEnv'), { [ORIGIN_VERIFY_ENV]: SECRET });

async function serve(adapter: ReturnType<typeof createApiGatewayAdapter>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => void adapter(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let viaCloudFront: { url: string; server: Server };
let direct: { url: string; server: Server };

beforeAll(async () => {
  viaCloudFront = await serve(createApiGatewayAdapter(rootDir, { originSecret: SECRET }));
  direct = await serve(createApiGatewayAdapter(rootDir));
});

afterAll(() => {
  viaCloudFront?.server.close();
  direct?.server.close();
  delete process.env[ORIGIN_VERIFY_ENV];
});

describe('origin verification', () => {
  it('answers requests that carry the origin secret, overwriting any value the client sent', async () => {
    expect((await fetch(`${viaCloudFront.url}/api/csrf-token/`)).status).toBe(200);
    const spoofed = await fetch(`${viaCloudFront.url}/api/csrf-token/`, {
      headers: { [ORIGIN_VERIFY_HEADER]: 'guess' },
    });
    expect(spoofed.status).toBe(200);
  });

  it('refuses requests to the API directly with 403 forbidden_origin, on public and signed-in routes', async () => {
    const user = await fixtureUser(viaCloudFront.url, { language: 'en' });
    expect((await user.client.get('/api/exam-results/')).status).toBe(200);
    const session = user.client.cookie('sessionid')!;
    for (const [path, headers] of [
      ['/api/csrf-token/', { 'accept-language': 'en' }],
      ['/api/csrf-token/', { 'accept-language': 'en', [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }],
      ['/api/csrf-token/', { 'accept-language': 'en', [ORIGIN_VERIFY_HEADER]: SECRET.slice(0, -1) }],
      ['/api/exam-results/', { 'accept-language': 'en', cookie: `sessionid=${session}` }],
    ] as const) {
      const res = await fetch(`${direct.url}${path}`, { headers });
      expect(res.status, path).toBe(403);
      const body = errorAnswer().parse(await res.json());
      expect(body.code).toBe('forbidden_origin');
      expect(body.detail).toBe('The API cannot be reached directly at this address.');
    }
  });

  it('lets a direct request with the right secret through (what CloudFront sends)', async () => {
    const res = await fetch(`${direct.url}/api/csrf-token/`, { headers: { [ORIGIN_VERIFY_HEADER]: SECRET } });
    expect(res.status).toBe(200);
  });
});
