import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSecretCache, readPreviousSecret, readSecret, secretArnEnv } from '../../functions/runtime/secrets.js';
import { unsubscribeToken, verifyUnsubscribeToken } from '../../functions/domains/mail/unsubscribe-jwt.js';
import { originCheck } from '../../functions/runtime/http/origin-check.js';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';

afterEach(() => {
  vi.unstubAllEnvs();
  clearSecretCache();
});

/**
 * A stand-in for the Parameters and Secrets extension's endpoint, counting its calls. `previous`:
 * the `AWSPREVIOUS` values (a secret without one answers 400, as Secrets Manager's not-found does).
 */
async function fakeExtension(values: Record<string, string>, previous: Record<string, string> = {}) {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    const params = new URL(request.url!, 'http://localhost').searchParams;
    const id = params.get('secretId')!;
    const stage = params.get('versionStage');
    const answer = stage === 'AWSPREVIOUS' ? previous[id] : stage === null ? values[id] : undefined;
    if (request.headers['x-aws-parameters-secrets-token'] !== 'session-token' || answer === undefined) {
      response.writeHead(400).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ SecretString: answer }));
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

describe('the mail-link key across a change of value (D413)', () => {
  const arn = 'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:mail-link-AbCdEf';

  it('reads AWSPREVIOUS when there is one, null when there is none or locally', async () => {
    const extension = await fakeExtension({ [arn]: 'new-key' }, { [arn]: 'old-key' });
    vi.stubEnv(secretArnEnv('mailLink'), arn);
    try {
      expect(await readPreviousSecret('mailLink')).toBe('old-key');
      expect(await readPreviousSecret('mailLink')).toBe('old-key');
      expect(extension.seen.filter((r) => r.url!.includes('versionStage=AWSPREVIOUS'))).toHaveLength(1);
    } finally {
      await extension.close();
    }
    clearSecretCache();
    const never = await fakeExtension({ [arn]: 'only-key' });
    try {
      expect(await readPreviousSecret('mailLink')).toBeNull();
    } finally {
      await never.close();
    }
    vi.unstubAllEnvs();
    vi.stubEnv('STAGE', 'local');
    expect(await readPreviousSecret('mailLink')).toBeNull();
  });

  it('still accepts a link signed before the key changed, and nothing signed with a third key', async () => {
    vi.stubEnv(secretArnEnv('mailLink'), arn);
    const before = await fakeExtension({ [arn]: 'old-key' });
    let oldLink: string;
    let strangerLink: string;
    try {
      oldLink = await unsubscribeToken('u-old');
    } finally {
      await before.close();
    }
    clearSecretCache();
    const stranger = await fakeExtension({ [arn]: 'someone-elses-key' });
    try {
      strangerLink = await unsubscribeToken('u-stranger');
    } finally {
      await stranger.close();
    }
    clearSecretCache();
    const after = await fakeExtension({ [arn]: 'new-key' }, { [arn]: 'old-key' });
    try {
      const newLink = await unsubscribeToken('u-new');
      expect(await verifyUnsubscribeToken(newLink)).toBe('u-new');
      expect(await verifyUnsubscribeToken(oldLink)).toBe('u-old');
      expect(await verifyUnsubscribeToken(strangerLink)).toBeNull();
      // A link whose payload was changed is refused under either key.
      const [head, , sig] = oldLink.split('.');
      const forged = Buffer.from(JSON.stringify({ purpose: 'daily-mail-unsubscribe', sub: 'u-victim' })).toString(
        'base64url',
      );
      expect(await verifyUnsubscribeToken(`${head}.${forged}.${sig}`)).toBeNull();
    } finally {
      await after.close();
    }
    clearSecretCache();
    // Once the old value is no longer AWSPREVIOUS (a second change), its links are refused.
    const later = await fakeExtension({ [arn]: 'newest-key' }, { [arn]: 'new-key' });
    try {
      expect(await verifyUnsubscribeToken(oldLink)).toBeNull();
    } finally {
      await later.close();
    }
  });
});

describe('the origin check across a change of value (D414)', () => {
  const arn = 'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:origin-AbCdEf';
  const check = async (sent?: string) => {
    const event = { headers: sent === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: sent } };
    try {
      await originCheck().before!({ event } as never);
      return 'passed';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  it('lets the current and the previous value through, and nothing else', async () => {
    vi.stubEnv(secretArnEnv('originVerify'), arn);
    const extension = await fakeExtension({ [arn]: 'new-origin-value' }, { [arn]: 'old-origin-value' });
    try {
      expect(await check('new-origin-value')).toBe('passed');
      // What CloudFront still sends until the stack is deployed again.
      expect(await check('old-origin-value')).toBe('passed');
      for (const sent of [undefined, '', 'guess', 'new-origin-valu', 'old-origin-valuex'])
        expect(await check(sent)).toBe('forbidden_origin');
    } finally {
      await extension.close();
    }
    clearSecretCache();
    const never = await fakeExtension({ [arn]: 'only-origin-value' });
    try {
      expect(await check('only-origin-value')).toBe('passed');
      expect(await check('old-origin-value')).toBe('forbidden_origin');
    } finally {
      await never.close();
    }
  });
});
