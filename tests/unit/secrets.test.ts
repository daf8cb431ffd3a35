import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSecretCache, readSecret, secretArnEnv } from '../../functions/runtime/secrets.js';

afterEach(() => {
  vi.unstubAllEnvs();
  clearSecretCache();
});

/** A stand-in for the Parameters and Secrets extension's endpoint, counting its calls. */
async function fakeExtension(values: Record<string, string>) {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    const id = new URL(request.url!, 'http://localhost').searchParams.get('secretId')!;
    if (request.headers['x-aws-parameters-secrets-token'] !== 'session-token' || !(id in values)) {
      response.writeHead(400).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ SecretString: values[id] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
  vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
  return { seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('readSecret (D345)', () => {
  it('reads a deployed secret by its ARN from the extension once, then from the cache', async () => {
    const arn = 'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:mail-link-AbCdEf';
    const extension = await fakeExtension({ [arn]: 'the-key' });
    vi.stubEnv(secretArnEnv('mailLink'), arn);
    vi.stubEnv('MAIL_LINK_SECRET', 'an environment value is never read in AWS');
    try {
      expect(await readSecret('mailLink')).toBe('the-key');
      expect(await readSecret('mailLink')).toBe('the-key');
      expect(extension.seen).toHaveLength(1);
    } finally {
      await extension.close();
    }
  });

  it('fails loudly when the extension refuses, rather than checking against nothing', async () => {
    const extension = await fakeExtension({});
    vi.stubEnv(secretArnEnv('originVerify'), 'arn:aws:secretsmanager:ap-northeast-2:1:secret:missing');
    try {
      await expect(readSecret('originVerify')).rejects.toThrow(/answered 400/);
    } finally {
      await extension.close();
    }
  });

  it('locally reads the value the local cloud sets, with the development key as the mail-link fallback', async () => {
    vi.stubEnv('STAGE', 'local');
    vi.stubEnv('MAIL_LINK_SECRET', '');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
    expect(await readSecret('mailLink')).toMatch(/^local-development-/);
    expect(await readSecret('originVerify')).toBeUndefined();
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'from-the-local-cloud');
    expect(await readSecret('originVerify')).toBe('from-the-local-cloud');
    // A deployed stage without the ARN has no fallback key.
    vi.stubEnv('STAGE', 'prod');
    await expect(readSecret('mailLink')).rejects.toThrow(/MAIL_LINK_SECRET_ARN/);
  });
});
