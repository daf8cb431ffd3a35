import { setTimeout as sleep } from 'node:timers/promises';
import { SECRET_ENV, secretArnEnv, type SecretName } from '#shared/domain/secret-names.js';
import { cloudFront, rotate, secretsManager, type RotationEvent } from '../domains/secret-rotation/index.js';
import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withTrace } from '../runtime/tracing.js';

/**
 * Secrets Manager's rotation function for the origin secret and the mail-link key (D475–D477):
 * the steps are in domains/secret-rotation/steps.ts. The environment holds the two secrets' ARNs
 * and the distribution's id, never a value.
 */
const log = createLogger({ job: 'secret-rotation' });

const secretName = (secretId: string): SecretName | undefined =>
  (Object.keys(SECRET_ENV) as SecretName[]).find((name) => process.env[secretArnEnv(name)] === secretId);

const run = (event: RotationEvent) =>
  rotate(event, {
    secrets: secretsManager(process.env.AWS_REGION ?? 'us-east-1'),
    distribution: cloudFront(process.env.DISTRIBUTION_ID ?? ''),
    secretName,
    sleep: (ms) => sleep(ms),
    log: (message, fields) => log.info(message, fields),
  });

export const handler = withFlushedLogs(withTrace('secret-rotation', run));
