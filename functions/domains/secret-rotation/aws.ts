import {
  CloudFrontClient,
  GetDistributionCommand,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
  type DistributionConfig,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import type { DistributionApi, SecretsApi } from './steps.js';

/** Secrets Manager for the rotation function (D477); `endpoint` is a test's stand-in server. */
export function secretsManager(region: string, endpoint?: string): SecretsApi {
  const client = new SecretsManagerClient({ region, endpoint });
  return {
    async describe(secretId) {
      const out = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
      return { rotationEnabled: out.RotationEnabled === true, versions: out.VersionIdsToStages ?? {} };
    },
    async value(secretId, { versionId, stage }) {
      try {
        const out = await client.send(
          new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage, VersionId: versionId }),
        );
        return out.SecretString ?? null;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return null;
        throw error;
      }
    },
    async randomPassword() {
      const out = await client.send(new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true }));
      if (!out.RandomPassword) throw new Error('secretsmanager GetRandomPassword answered no password');
      return out.RandomPassword;
    },
    async putPending(secretId, token, value) {
      await client.send(
        new PutSecretValueCommand({
          SecretId: secretId,
          ClientRequestToken: token,
          SecretString: value,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },
    async makeCurrent(secretId, to, from) {
      await client.send(
        new UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: to,
          RemoveFromVersionId: from,
        }),
      );
    },
  };
}

const originHeaders = (config: DistributionConfig | undefined) =>
  (config?.Origins?.Items ?? [])
    .flatMap((origin) => origin.CustomHeaders?.Items ?? [])
    .filter((header) => header.HeaderName?.toLowerCase() === ORIGIN_VERIFY_HEADER.toLowerCase());

/** The origin-verify header's values in a distribution config. */
export function originHeaderValues(config: DistributionConfig | undefined): string[] {
  return originHeaders(config).map((header) => header.HeaderValue ?? '');
}

/** The config with every origin-verify header set to `value`, everything else as read. */
export function withOriginHeader(config: DistributionConfig, value: string): DistributionConfig {
  if (!/^[A-Za-z0-9]+$/.test(value)) throw new Error('an origin header value is letters and digits');
  const copy = structuredClone(config);
  const headers = originHeaders(copy);
  if (headers.length === 0) throw new Error('the distribution has no origin-verify header');
  for (const header of headers) header.HeaderValue = value;
  return copy;
}

/** CloudFront (global, signed in us-east-1): the API origin's verify header. */
export function cloudFront(distributionId: string, endpoint?: string): DistributionApi {
  const client = new CloudFrontClient({ region: 'us-east-1', endpoint });
  return {
    async originHeader() {
      const out = await client.send(new GetDistributionCommand({ Id: distributionId }));
      return {
        values: originHeaderValues(out.Distribution?.DistributionConfig),
        deployed: out.Distribution?.Status === 'Deployed',
      };
    },
    async setOriginHeader(value) {
      const read = await client.send(new GetDistributionConfigCommand({ Id: distributionId }));
      if (!read.DistributionConfig) throw new Error('cloudfront GetDistributionConfig answered no config');
      await client.send(
        new UpdateDistributionCommand({
          Id: distributionId,
          IfMatch: read.ETag,
          DistributionConfig: withOriginHeader(read.DistributionConfig, value),
        }),
      );
    },
  };
}
