import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DistributionConfig } from '@aws-sdk/client-cloudfront';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECRET_VISIBLE_MS, type SecretName } from '#shared/domain/secret-names.js';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import {
  DEPLOYED_WAIT_MS,
  SECRET_SHAPE,
  rotate,
  type DistributionApi,
  type RotationDeps,
  type RotationStep,
  type SecretsApi,
} from '../../functions/domains/secret-rotation/steps.js';
import {
  cloudFront,
  originHeaderValues,
  secretsManager,
  withOriginHeader,
} from '../../functions/domains/secret-rotation/aws.js';

const ORIGIN_ARN = 'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:origin-AbCdEf';
const MAIL_ARN = 'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:mail-GhIjKl';
const STEPS: RotationStep[] = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'];
const value = (seed: string) => seed.repeat(48).slice(0, 48);

/**
 * Secrets Manager as rotation sees it: versions with stages; moving AWSCURRENT labels the version it
 * left AWSPREVIOUS, as the service does. `now` is the test's clock (advanced by `sleep`).
 */
function fakeWorld(initial: { origin: string; mail: string }) {
  let now = 0;
  let generated = 0;
  const secrets = new Map<string, Map<string, { value: string; stages: string[] }>>([
    [ORIGIN_ARN, new Map([['v0', { value: initial.origin, stages: ['AWSCURRENT'] }]])],
    [MAIL_ARN, new Map([['m0', { value: initial.mail, stages: ['AWSCURRENT'] }]])],
  ]);
  const stageOf = (arn: string, stage: string) =>
    [...secrets.get(arn)!.entries()].find(([, v]) => v.stages.includes(stage));
  /** When each value became AWSCURRENT (clock time). */
  const currentSince = new Map<string, number>([
    [initial.origin, 0],
    [initial.mail, 0],
  ]);
  const api: SecretsApi = {
    describe: (id) =>
      Promise.resolve({
        rotationEnabled: true,
        versions: Object.fromEntries([...secrets.get(id)!.entries()].map(([k, v]) => [k, [...v.stages]])),
      }),
    value: (id, { versionId, stage }) => {
      const version = versionId ? secrets.get(id)!.get(versionId) : stageOf(id, stage)?.[1];
      return Promise.resolve(version && version.stages.includes(stage) ? version.value : null);
    },
    randomPassword: () => Promise.resolve(value(`N${++generated}x`)),
    putPending: (id, token, v) => {
      const versions = secrets.get(id)!;
      for (const version of versions.values()) version.stages = version.stages.filter((s) => s !== 'AWSPENDING');
      versions.set(token, { value: v, stages: ['AWSPENDING'] });
      return Promise.resolve();
    },
    makeCurrent: (id, to, from) => {
      const versions = secrets.get(id)!;
      for (const version of versions.values()) version.stages = version.stages.filter((s) => s !== 'AWSPREVIOUS');
      versions.get(from)!.stages = ['AWSPREVIOUS'];
      const next = versions.get(to)!;
      next.stages = ['AWSCURRENT'];
      currentSince.set(next.value, now);
      return Promise.resolve();
    },
  };
  const distribution = {
    sent: initial.origin,
    deployed: true,
    /** Each move: the value, when, and whether the functions could all know it (current long enough). */
    moves: [] as { value: string; at: number; knownFor: number }[],
  };
  const distributionApi: DistributionApi = {
    originHeader: () => Promise.resolve({ values: [distribution.sent], deployed: distribution.deployed }),
    setOriginHeader: (v) => {
      distribution.moves.push({ value: v, at: now, knownFor: now - (currentSince.get(v) ?? Infinity) });
      distribution.sent = v;
      return Promise.resolve();
    },
  };
  const deps: RotationDeps = {
    secrets: api,
    distribution: distributionApi,
    secretName: (id): SecretName | undefined =>
      id === ORIGIN_ARN ? 'originVerify' : id === MAIL_ARN ? 'mailLink' : undefined,
    sleep: (ms) => {
      now += ms;
      return Promise.resolve();
    },
    log: () => undefined,
  };
  return {
    deps,
    secrets,
    distribution,
    stageValue: (arn: string, stage: string) => stageOf(arn, stage)?.[1].value ?? null,
    clock: () => now,
  };
}

async function rotateAll(world: ReturnType<typeof fakeWorld>, arn: string, token: string) {
  for (const step of STEPS) await rotate({ SecretId: arn, ClientRequestToken: token, Step: step }, world.deps);
}

describe('the mail-link key rotates in Secrets Manager alone (D477)', () => {
  it('makes a new 48-character key current and keeps the old one as previous', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    world.secrets.get(MAIL_ARN)!.set('m1', { value: value('k'), stages: ['AWSPENDING'] });
    await rotateAll(world, MAIL_ARN, 'm1');
    expect(world.stageValue(MAIL_ARN, 'AWSCURRENT')).toBe(value('k'));
    expect(world.stageValue(MAIL_ARN, 'AWSPREVIOUS')).toBe(value('m'));
    expect(world.distribution.moves).toEqual([]);
    expect(world.clock()).toBe(0);
  });

  it('createSecret puts a generated value once; a retried step keeps it', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    // Secrets Manager's record of the new version, with no value yet (GetSecretValue answers not found).
    const deps: RotationDeps = {
      ...world.deps,
      secrets: {
        ...world.deps.secrets,
        describe: async (id) => {
          const described = await world.deps.secrets.describe(id);
          return { ...described, versions: { m1: ['AWSPENDING'], ...described.versions } };
        },
      },
    };
    await rotate({ SecretId: MAIL_ARN, ClientRequestToken: 'm1', Step: 'createSecret' }, deps);
    const made = world.stageValue(MAIL_ARN, 'AWSPENDING');
    expect(made).toMatch(SECRET_SHAPE);
    await rotate({ SecretId: MAIL_ARN, ClientRequestToken: 'm1', Step: 'createSecret' }, deps);
    expect(world.stageValue(MAIL_ARN, 'AWSPENDING')).toBe(made);
    for (const step of STEPS.slice(1)) await rotate({ SecretId: MAIL_ARN, ClientRequestToken: 'm1', Step: step }, deps);
    expect(world.stageValue(MAIL_ARN, 'AWSCURRENT')).toBe(made);
    expect(world.stageValue(MAIL_ARN, 'AWSPREVIOUS')).toBe(value('m'));
    // A step retried after the finish changes nothing.
    await rotate({ SecretId: MAIL_ARN, ClientRequestToken: 'm1', Step: 'finishSecret' }, deps);
    expect(world.stageValue(MAIL_ARN, 'AWSCURRENT')).toBe(made);
  });

  it('refuses a pending value that is not 48 letters and digits', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    world.secrets.get(MAIL_ARN)!.set('m1', { value: 'short', stages: ['AWSPENDING'] });
    await expect(
      rotate({ SecretId: MAIL_ARN, ClientRequestToken: 'm1', Step: 'testSecret' }, world.deps),
    ).rejects.toThrow(/48 letters/);
    expect(world.stageValue(MAIL_ARN, 'AWSCURRENT')).toBe(value('m'));
  });
});

describe('the origin secret rotates with CloudFront following (D476)', () => {
  it('moves CloudFront only after the new value has been current for SECRET_VISIBLE_MS; it always sends current or previous', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    world.secrets.get(ORIGIN_ARN)!.set('v1', { value: value('n'), stages: ['AWSPENDING'] });
    const seen: string[] = [];
    for (const step of STEPS) {
      await rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v1', Step: step }, world.deps);
      const accepted = [world.stageValue(ORIGIN_ARN, 'AWSCURRENT'), world.stageValue(ORIGIN_ARN, 'AWSPREVIOUS')];
      expect(accepted, step).toContain(world.distribution.sent);
      seen.push(world.distribution.sent);
    }
    expect(seen).toEqual([value('o'), value('o'), value('o'), value('n')]);
    expect(world.distribution.moves).toEqual([
      { value: value('n'), at: SECRET_VISIBLE_MS, knownFor: SECRET_VISIBLE_MS },
    ]);
    expect(world.stageValue(ORIGIN_ARN, 'AWSPREVIOUS')).toBe(value('o'));
  });

  it('two rotations in a row: the first value is retired only after CloudFront stopped sending it', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    world.secrets.get(ORIGIN_ARN)!.set('v1', { value: value('n'), stages: ['AWSPENDING'] });
    await rotateAll(world, ORIGIN_ARN, 'v1');
    world.secrets.get(ORIGIN_ARN)!.set('v2', { value: value('t'), stages: ['AWSPENDING'] });
    await rotateAll(world, ORIGIN_ARN, 'v2');
    expect(world.distribution.sent).toBe(value('t'));
    expect(world.stageValue(ORIGIN_ARN, 'AWSPREVIOUS')).toBe(value('n'));
    for (const move of world.distribution.moves) expect(move.knownFor).toBeGreaterThanOrEqual(SECRET_VISIBLE_MS);
  });

  it('testSecret refuses to retire a value CloudFront still sends; setSecret catches CloudFront up first', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    // A rotation stopped between its finish and CloudFront's move: CloudFront sends the previous value.
    world.secrets.get(ORIGIN_ARN)!.get('v0')!.stages = ['AWSPREVIOUS'];
    world.secrets.get(ORIGIN_ARN)!.set('v1', { value: value('n'), stages: ['AWSCURRENT'] });
    world.secrets.get(ORIGIN_ARN)!.set('v2', { value: value('t'), stages: ['AWSPENDING'] });
    await expect(
      rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v2', Step: 'testSecret' }, world.deps),
    ).rejects.toThrow(/other than the current/);
    expect(world.stageValue(ORIGIN_ARN, 'AWSCURRENT')).toBe(value('n'));
    await rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v2', Step: 'setSecret' }, world.deps);
    expect(world.distribution.sent).toBe(value('n'));
    await rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v2', Step: 'testSecret' }, world.deps);
  });

  it('testSecret waits for a deploying distribution, and gives up after DEPLOYED_WAIT_MS', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    world.secrets.get(ORIGIN_ARN)!.set('v1', { value: value('n'), stages: ['AWSPENDING'] });
    world.distribution.deployed = false;
    await expect(
      rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v1', Step: 'testSecret' }, world.deps),
    ).rejects.toThrow(/still deploying/);
    expect(world.clock()).toBe(DEPLOYED_WAIT_MS);
    const sleep = world.deps.sleep;
    world.deps.sleep = async (ms) => {
      await sleep(ms);
      world.distribution.deployed = true;
    };
    await rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v1', Step: 'testSecret' }, world.deps);
  });

  it('a finishSecret retried after AWSCURRENT moved still moves CloudFront', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    world.secrets.get(ORIGIN_ARN)!.get('v0')!.stages = ['AWSPREVIOUS'];
    world.secrets.get(ORIGIN_ARN)!.set('v1', { value: value('n'), stages: ['AWSCURRENT'] });
    await rotate({ SecretId: ORIGIN_ARN, ClientRequestToken: 'v1', Step: 'finishSecret' }, world.deps);
    expect(world.distribution.sent).toBe(value('n'));
    expect(world.clock()).toBe(SECRET_VISIBLE_MS);
  });
});

describe('what rotation refuses', () => {
  it('a secret it does not own, a secret without rotation, a token that is neither pending nor current', async () => {
    const world = fakeWorld({ origin: value('o'), mail: value('m') });
    const event = (SecretId: string, token = 'v1') => ({
      SecretId,
      ClientRequestToken: token,
      Step: 'createSecret' as const,
    });
    await expect(rotate(event('arn:aws:secretsmanager:x:1:secret:other'), world.deps)).rejects.toThrow(/not one/);
    await expect(rotate(event(ORIGIN_ARN, 'unknown'), world.deps)).rejects.toThrow(/no version/);
    world.secrets.get(ORIGIN_ARN)!.set('v1', { value: value('n'), stages: [] });
    await expect(rotate(event(ORIGIN_ARN), world.deps)).rejects.toThrow(/neither AWSCURRENT nor AWSPENDING/);
    const disabled = {
      ...world.deps,
      secrets: { ...world.deps.secrets, describe: () => Promise.resolve({ rotationEnabled: false, versions: {} }) },
    };
    await expect(rotate(event(ORIGIN_ARN), disabled)).rejects.toThrow(/rotation enabled/);
  });
});

describe('the distribution config is changed in its origin header only', () => {
  const xml = (v: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<DistributionConfig xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><CallerReference>x</CallerReference><Origins><Quantity>2</Quantity><Items><Origin><Id>api</Id><DomainName>api.example</DomainName><CustomHeaders><Quantity>1</Quantity><Items><OriginCustomHeader><HeaderName>${ORIGIN_VERIFY_HEADER}</HeaderName><HeaderValue>${v}</HeaderValue></OriginCustomHeader></Items></CustomHeaders></Origin><Origin><Id>site</Id><DomainName>site.example</DomainName><CustomHeaders><Quantity>1</Quantity><Items><OriginCustomHeader><HeaderName>x-other</HeaderName><HeaderValue>keep</HeaderValue></OriginCustomHeader></Items></CustomHeaders></Origin></Items></Origins><Comment>a &amp; b</Comment><Enabled>true</Enabled></DistributionConfig>`;
  const config = (v: string): DistributionConfig => ({
    CallerReference: 'x',
    Comment: 'a & b',
    DefaultCacheBehavior: undefined,
    Enabled: true,
    Origins: {
      Quantity: 2,
      Items: [
        {
          Id: 'api',
          DomainName: 'api.example',
          CustomHeaders: { Quantity: 1, Items: [{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: v }] },
        },
        {
          Id: 'site',
          DomainName: 'site.example',
          CustomHeaders: { Quantity: 1, Items: [{ HeaderName: 'x-other', HeaderValue: 'keep' }] },
        },
      ],
    },
  });

  it('reads and rewrites the value, leaving everything else', () => {
    const before = config(value('o'));
    expect(originHeaderValues(before)).toEqual([value('o')]);
    expect(withOriginHeader(before, value('n'))).toEqual(config(value('n')));
    expect(originHeaderValues(before)).toEqual([value('o')]);
  });

  it('refuses a config without the header and a value that would need escaping', () => {
    expect(() =>
      withOriginHeader({ CallerReference: 'x', Comment: '', Enabled: true } as DistributionConfig, value('n')),
    ).toThrow(/no origin-verify/);
    expect(() => withOriginHeader(config(value('o')), '<x>')).toThrow(/letters and digits/);
  });

  afterEach(() => vi.unstubAllEnvs());

  it('sends the header change with the ETag it read, through the SDK clients', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    const seen: { request: IncomingMessage; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ request, body });
        if (request.headers['x-amz-target'] === 'secretsmanager.GetSecretValue') {
          response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
          response.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'no such version' }));
          return;
        }
        if (request.method === 'GET')
          response.writeHead(200, { etag: 'E1', 'content-type': 'text/xml' }).end(xml(value('o')));
        else response.writeHead(200, { 'content-type': 'text/xml' }).end('<Distribution/>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await cloudFront('E123', endpoint).setOriginHeader(value('n'));
      expect(await secretsManager('ap-northeast-2', endpoint).value(ORIGIN_ARN, { stage: 'AWSPENDING' })).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const [get, put, secret] = seen;
    expect(get!.request.url).toBe('/2020-05-31/distribution/E123/config');
    expect(put!.request.method).toBe('PUT');
    expect(put!.request.headers['if-match']).toBe('E1');
    expect(put!.body).toContain(`<HeaderValue>${value('n')}</HeaderValue>`);
    expect(put!.body).not.toContain(value('o'));
    expect(put!.body).toContain('<HeaderValue>keep</HeaderValue>');
    expect(put!.request.headers.authorization).toContain('/us-east-1/cloudfront/aws4_request');
    expect(secret!.request.headers.authorization).toContain('/ap-northeast-2/secretsmanager/aws4_request');
    expect(JSON.parse(secret!.body)).toEqual({ SecretId: ORIGIN_ARN, VersionStage: 'AWSPENDING' });
  });
});
