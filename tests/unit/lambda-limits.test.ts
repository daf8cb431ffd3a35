import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiGatewayAdapter, LAMBDA_LIMITS, type AdapterOptions } from '../../local/api-gateway-adapter.js';

/**
 * The local API Gateway enforces Lambda's limits (D145): what AWS would refuse is refused here,
 * with the product's `{ code, detail }` body. The group handlers are stand-ins: the limits are
 * the adapter's, whatever the function.
 */
let server: Server | undefined;

afterEach(() => {
  server?.close();
  server = undefined;
});

async function serve(answer: () => Promise<APIGatewayProxyStructuredResultV2>, options: AdapterOptions = {}) {
  const adapter = createApiGatewayAdapter('/nowhere', { ...options, handlerFor: async () => answer });
  server = createServer((req, res) => void adapter(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (body: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body,
});

describe('Lambda limits in the local API Gateway', () => {
  it('passes an answer just under 6 MB through', async () => {
    const body = JSON.stringify({ text: 'a'.repeat(6_000_000) });
    const url = await serve(async () => json(body));
    const response = await fetch(`${url}/api/health/`);
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBe(body.length);
  });

  it('refuses an answer over 6 MB as AWS does (a 5xx, never the body), with a stable code in both languages', async () => {
    const url = await serve(async () => json(JSON.stringify({ text: 'a'.repeat(LAMBDA_LIMITS.maxInvocationBytes) })));
    const response = await fetch(`${url}/api/health/`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      code: 'answer_too_large',
      detail: 'The answer is too large to send (limit 6 MB). Please ask for less.',
    });
    const ko = await fetch(`${url}/api/health/`, { headers: { 'accept-language': 'ko' } });
    expect(((await ko.json()) as { detail: string }).detail).toContain('응답이 너무 커서');
  });

  it('refuses a request whose event is over 6 MB before the function runs', async () => {
    let ran = false;
    const url = await serve(async () => {
      ran = true;
      return json('{}');
    });
    const response = await fetch(`${url}/api/health/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a'.repeat(6_300_000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('payload_too_large');
    expect(ran).toBe(false);
  });

  it('answers 504 when the function takes longer than the API waits (29 s in AWS)', async () => {
    const url = await serve(() => new Promise(() => undefined), { limits: { timeoutMs: 50 } });
    const response = await fetch(`${url}/api/health/`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'gateway_timeout' });
    expect(LAMBDA_LIMITS.timeoutMs).toBe(29_000);
  });
});
