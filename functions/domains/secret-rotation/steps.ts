import type { SecretName } from '#shared/domain/secret-names.js';
import { SECRET_VISIBLE_MS } from '#shared/domain/secret-names.js';

/**
 * Scheduled rotation of the stack's two generated secrets (D475–D477): Secrets Manager calls the
 * rotation function once per step with the new version's token. Both secrets are 48 letters and
 * digits, made by Secrets Manager as at creation.
 *
 * - `mailLink`: nothing outside Secrets Manager holds the key. New links are signed with the new
 *   value once a function's cache has it; links signed with the old one still verify as AWSPREVIOUS
 *   (D413).
 * - `originVerify`: CloudFront sends the value in the API origin's custom header. CloudFront is
 *   moved to the new value only after finishSecret made it AWSCURRENT and every function can have
 *   read that (SECRET_VISIBLE_MS): until then CloudFront sends the old value, which the functions
 *   accept as current and then as previous (D414), so no request is refused at any point.
 */
export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

export interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: RotationStep;
}

/** The Secrets Manager calls rotation makes (the edge a test fakes). */
export interface SecretsApi {
  describe(secretId: string): Promise<{ rotationEnabled: boolean; versions: Record<string, string[]> }>;
  /** The value of a version (by id, or by stage); null when there is no such version. */
  value(secretId: string, version: { versionId?: string; stage: string }): Promise<string | null>;
  randomPassword(): Promise<string>;
  putPending(secretId: string, token: string, value: string): Promise<void>;
  /** Moves AWSCURRENT from `from` to `to` (Secrets Manager then labels `from` AWSPREVIOUS). */
  makeCurrent(secretId: string, to: string, from: string): Promise<void>;
}

/** The CloudFront distribution calls the origin secret's rotation makes. */
export interface DistributionApi {
  /** Every value of the origin-verify header in the distribution's config, and whether it is deployed. */
  originHeader(): Promise<{ values: string[]; deployed: boolean }>;
  setOriginHeader(value: string): Promise<void>;
}

export interface RotationDeps {
  secrets: SecretsApi;
  distribution: DistributionApi;
  /** Which of the stack's secrets an ARN is; undefined for any other secret. */
  secretName(secretId: string): SecretName | undefined;
  sleep(ms: number): Promise<void>;
  log(message: string, fields: Record<string, unknown>): void;
}

/** What Secrets Manager generates for both secrets (infra/stack.ts: 48, no punctuation). */
export const SECRET_SHAPE = /^[A-Za-z0-9]{48}$/;

/** How long testSecret waits for a distribution that is still deploying, polling every 20 s. */
export const DEPLOYED_WAIT_MS = 5 * 60_000;
const POLL_MS = 20_000;

export async function rotate(event: RotationEvent, deps: RotationDeps): Promise<void> {
  const { SecretId: secretId, ClientRequestToken: token, Step: step } = event;
  const name = deps.secretName(secretId);
  if (!name) throw new Error(`secret ${secretId} is not one this function rotates`);
  const { rotationEnabled, versions } = await deps.secrets.describe(secretId);
  if (!rotationEnabled) throw new Error(`secret ${secretId} does not have rotation enabled`);
  const stages = versions[token];
  if (!stages) throw new Error(`secret ${secretId} has no version ${token}`);
  const isCurrent = stages.includes('AWSCURRENT');
  // A step retried after its version became current has nothing left to do, except the origin's
  // CloudFront move, which finishSecret may not have reached before it stopped.
  if (isCurrent && !(step === 'finishSecret' && name === 'originVerify')) return;
  if (!isCurrent && !stages.includes('AWSPENDING'))
    throw new Error(`version ${token} of ${secretId} is neither AWSCURRENT nor AWSPENDING`);
  deps.log('secret rotation step', { secret: name, step });
  switch (step) {
    case 'createSecret':
      return createSecret(secretId, token, deps);
    case 'setSecret':
      if (name === 'originVerify') await sendCurrent(secretId, deps);
      return;
    case 'testSecret':
      return testSecret(name, secretId, token, deps);
    case 'finishSecret':
      return finishSecret(name, secretId, token, versions, deps);
  }
}

/** A new value as AWSPENDING, once: a retried step finds it and keeps it. */
async function createSecret(secretId: string, token: string, deps: RotationDeps): Promise<void> {
  if ((await deps.secrets.value(secretId, { stage: 'AWSCURRENT' })) === null)
    throw new Error(`secret ${secretId} has no current value`);
  if ((await deps.secrets.value(secretId, { versionId: token, stage: 'AWSPENDING' })) !== null) return;
  await deps.secrets.putPending(secretId, token, await deps.secrets.randomPassword());
}

/**
 * CloudFront must send AWSCURRENT before the rotation retires AWSPREVIOUS: a rotation stopped
 * between its finish and CloudFront's move (or a distribution restored by hand) is caught up here.
 */
async function sendCurrent(secretId: string, deps: RotationDeps): Promise<void> {
  const current = await requireValue(secretId, { stage: 'AWSCURRENT' }, deps);
  const { values } = await deps.distribution.originHeader();
  if (values.length > 0 && values.every((value) => value === current)) return;
  deps.log('origin header caught up with the current secret', { secret: 'originVerify' });
  await deps.distribution.setOriginHeader(current);
}

async function testSecret(name: SecretName, secretId: string, token: string, deps: RotationDeps): Promise<void> {
  const pending = await requireValue(secretId, { versionId: token, stage: 'AWSPENDING' }, deps);
  if (!SECRET_SHAPE.test(pending)) throw new Error(`the pending value of ${name} is not 48 letters and digits`);
  if (name !== 'originVerify') return;
  // Finishing retires AWSPREVIOUS: no edge may still be sending it.
  const current = await requireValue(secretId, { stage: 'AWSCURRENT' }, deps);
  for (let waited = 0; ; waited += POLL_MS) {
    const { values, deployed } = await deps.distribution.originHeader();
    if (values.length === 0) throw new Error('the distribution has no origin-verify header');
    if (values.some((value) => value !== current))
      throw new Error('the distribution sends a value other than the current secret');
    if (deployed) return;
    if (waited >= DEPLOYED_WAIT_MS) throw new Error('the distribution is still deploying');
    await deps.sleep(POLL_MS);
  }
}

async function finishSecret(
  name: SecretName,
  secretId: string,
  token: string,
  versions: Record<string, string[]>,
  deps: RotationDeps,
): Promise<void> {
  const current = Object.entries(versions).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  if (current !== token) {
    if (!current) throw new Error(`secret ${secretId} has no current version`);
    await deps.secrets.makeCurrent(secretId, token, current);
  }
  if (name !== 'originVerify') return;
  // Every function reads the new value within SECRET_VISIBLE_MS (extension cache + its own);
  // until then some still take the old one as current, so CloudFront keeps sending that.
  await deps.sleep(SECRET_VISIBLE_MS);
  const value = await requireValue(secretId, { versionId: token, stage: 'AWSCURRENT' }, deps);
  await deps.distribution.setOriginHeader(value);
  deps.log('origin header moved to the new secret', { secret: name });
}

async function requireValue(
  secretId: string,
  version: { versionId?: string; stage: string },
  deps: RotationDeps,
): Promise<string> {
  const value = await deps.secrets.value(secretId, version);
  if (value === null) throw new Error(`secret ${secretId} has no ${version.stage} value`);
  return value;
}
