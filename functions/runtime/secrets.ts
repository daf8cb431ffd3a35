import { SECRET_CACHE_MS, SECRET_ENV, secretArnEnv, type SecretName } from '#shared/domain/secret-names.js';

export { SECRET_CACHE_MS, secretArnEnv, type SecretName } from '#shared/domain/secret-names.js';

/**
 * The stack's generated secrets, read at run time (D345) rather than copied into the functions'
 * environment, where `GetFunctionConfiguration` shows them. One function, two sources:
 *
 * - In AWS the stack sets `<NAME>_ARN` and the function reads the secret through the AWS
 *   Parameters and Secrets Lambda extension (a layer: a local HTTP endpoint that caches Secrets
 *   Manager), cached here too for CACHE_MS, so a warm request makes no call and a rotated value is
 *   seen within minutes.
 * - Locally (`npm start`, tests) the local cloud sets the value itself in `<NAME>` (local/cloud.ts),
 *   and the mail-link key falls back to a fixed development key.
 */
/** The value a local stage falls back to when the local cloud sets none. */
const LOCAL_DEFAULT: Record<SecretName, string | undefined> = {
  originVerify: undefined,
  mailLink: 'local-development-mail-link-key-not-for-deployed-stacks',
};

const cache = new Map<SecretName, { value: string; until: number }>();

/** The secret's value; undefined only for a secret a local stage may leave unset (the origin check's). */
export async function readSecret(name: SecretName): Promise<string | undefined> {
  const arn = process.env[secretArnEnv(name)];
  if (!arn) return localSecret(name);
  const cached = cache.get(name);
  if (cached && cached.until > Date.now()) return cached.value;
  const value = await fromExtension(arn);
  cache.set(name, { value, until: Date.now() + SECRET_CACHE_MS });
  return value;
}

/**
 * The value before the secret's last change (Secrets Manager's `AWSPREVIOUS`), or null when there is
 * none: never changed, a local stage, or the extension cannot give it (a check then refuses what only
 * that value would accept — it never fails open). Whoever verifies something signed with the key
 * accepts this one too, so putting a new value does not void what the old one signed (D413).
 */
export async function readPreviousSecret(name: SecretName): Promise<string | null> {
  const arn = process.env[secretArnEnv(name)];
  if (!arn) return null;
  const cached = previous.get(name);
  if (cached && cached.until > Date.now()) return cached.value;
  const value = await fromExtension(arn, 'AWSPREVIOUS').catch(() => null);
  previous.set(name, { value, until: Date.now() + SECRET_CACHE_MS });
  return value;
}

const previous = new Map<SecretName, { value: string | null; until: number }>();

/** Forgets cached values (tests; a function that was told its secret rotated). */
export function clearSecretCache(): void {
  cache.clear();
  previous.clear();
}

function localSecret(name: SecretName): string | undefined {
  const env = SECRET_ENV[name];
  const localDefault = LOCAL_DEFAULT[name];
  const value = process.env[env];
  if (value) return value;
  if ((process.env.STAGE ?? 'local') !== 'local' && localDefault)
    throw new Error(`secret ${name}: neither ${secretArnEnv(name)} nor ${env} is set`);
  return localDefault;
}

/** The extension's documented endpoint: the session token proves the caller is this function. */
async function fromExtension(arn: string, versionStage?: 'AWSPREVIOUS'): Promise<string> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const query = new URLSearchParams({ secretId: arn, ...(versionStage ? { versionStage } : {}) });
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?${query.toString()}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) throw new Error(`secret ${arn}: the secrets extension answered ${response.status}`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  if (!SecretString) throw new Error(`secret ${arn} has no string value`);
  return SecretString;
}
