import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import type { DistributionApi, SecretsApi } from './steps.js';

/**
 * Secrets Manager and CloudFront for the rotation function, as signed HTTPS calls. The SDK's
 * Secrets Manager and CloudFront clients are not among the project's packages; these five
 * operations are what rotation needs (D477), signed by the SDK's own SigV4 signer with the
 * function's credentials (Lambda puts them in its environment).
 */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

interface SignedRequest {
  service: string;
  region: string;
  host: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One signed request; `endpoint` overrides the scheme and host (a test's stand-in server). */
export async function signedFetch(request: SignedRequest, endpoint?: string): Promise<Response> {
  const signer = new SignatureV4({
    service: request.service,
    region: request.region,
    credentials: fromEnv(),
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: request.method,
    protocol: 'https:',
    hostname: request.host,
    path: request.path,
    headers: { host: request.host, ...request.headers },
    body: request.body,
  });
  const { host: _host, ...headers } = signed.headers;
  return fetch(`${endpoint ?? `https://${request.host}`}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
  });
}

export class AwsApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Secrets Manager's JSON protocol (awsJson1_1). */
export function secretsManager(region: string, endpoint?: string): SecretsApi {
  const call = async <T>(operation: string, input: Record<string, unknown>): Promise<T> => {
    const response = await signedFetch(
      {
        service: 'secretsmanager',
        region,
        host: `secretsmanager.${region}.amazonaws.com`,
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `secretsmanager.${operation}` },
        body: JSON.stringify(input),
      },
      endpoint,
    );
    const text = await response.text();
    const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (!response.ok) {
      const type = String(json.__type ?? 'UnknownError')
        .split('#')
        .pop()!;
      throw new AwsApiError(
        response.status,
        type,
        `secretsmanager ${operation}: ${type} ${String(json.message ?? json.Message ?? '')}`,
      );
    }
    return json as T;
  };
  return {
    async describe(secretId) {
      const out = await call<{ RotationEnabled?: boolean; VersionIdsToStages?: Record<string, string[]> }>(
        'DescribeSecret',
        { SecretId: secretId },
      );
      return { rotationEnabled: out.RotationEnabled === true, versions: out.VersionIdsToStages ?? {} };
    },
    async value(secretId, { versionId, stage }) {
      try {
        const out = await call<{ SecretString?: string }>('GetSecretValue', {
          SecretId: secretId,
          VersionStage: stage,
          ...(versionId ? { VersionId: versionId } : {}),
        });
        return out.SecretString ?? null;
      } catch (error) {
        if (error instanceof AwsApiError && error.type === 'ResourceNotFoundException') return null;
        throw error;
      }
    },
    async randomPassword() {
      const out = await call<{ RandomPassword: string }>('GetRandomPassword', {
        PasswordLength: 48,
        ExcludePunctuation: true,
      });
      return out.RandomPassword;
    },
    async putPending(secretId, token, value) {
      await call('PutSecretValue', {
        SecretId: secretId,
        ClientRequestToken: token,
        SecretString: value,
        VersionStages: ['AWSPENDING'],
      });
    },
    async makeCurrent(secretId, to, from) {
      await call('UpdateSecretVersionStage', {
        SecretId: secretId,
        VersionStage: 'AWSCURRENT',
        MoveToVersionId: to,
        RemoveFromVersionId: from,
      });
    },
  };
}

const HEADER_VALUE = new RegExp(
  `(<HeaderName>${ORIGIN_VERIFY_HEADER}</HeaderName>\\s*<HeaderValue>)([^<]*)(</HeaderValue>)`,
  'g',
);

/** The origin-verify header's values in a distribution config (CloudFront's XML). */
export function originHeaderValues(configXml: string): string[] {
  return [...configXml.matchAll(HEADER_VALUE)].map((match) => match[2]!);
}

/**
 * The config with every origin-verify header set to `value`, all else byte for byte as read, so
 * the update changes nothing else. The value is letters and digits (no XML escaping needed).
 */
export function withOriginHeader(configXml: string, value: string): string {
  if (!/^[A-Za-z0-9]+$/.test(value)) throw new Error('an origin header value is letters and digits');
  if (originHeaderValues(configXml).length === 0) throw new Error('the distribution has no origin-verify header');
  return configXml.replace(HEADER_VALUE, (_, open: string, _old: string, close: string) => `${open}${value}${close}`);
}

/** CloudFront's REST API (XML), global in us-east-1. */
export function cloudFront(distributionId: string, endpoint?: string): DistributionApi {
  const path = `/2020-05-31/distribution/${encodeURIComponent(distributionId)}`;
  const call = async (method: 'GET' | 'PUT', suffix: string, headers?: Record<string, string>, body?: string) => {
    const response = await signedFetch(
      {
        service: 'cloudfront',
        region: 'us-east-1',
        host: 'cloudfront.amazonaws.com',
        method,
        path: path + suffix,
        headers,
        body,
      },
      endpoint,
    );
    const text = await response.text();
    if (!response.ok) {
      const type = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'UnknownError';
      throw new AwsApiError(response.status, type, `cloudfront ${method} ${suffix || 'distribution'}: ${type}`);
    }
    return { text, etag: response.headers.get('etag') ?? '' };
  };
  return {
    async originHeader() {
      const { text } = await call('GET', '');
      return { values: originHeaderValues(text), deployed: /<Status>Deployed<\/Status>/.test(text) };
    },
    async setOriginHeader(value) {
      const { text, etag } = await call('GET', '/config');
      await call(
        'PUT',
        '/config',
        { 'content-type': 'application/xml', 'if-match': etag },
        withOriginHeader(text, value),
      );
    },
  };
}
