import { ORIGIN_VERIFY_ENV } from './origin-verify.js';

/**
 * The stack's generated secrets by name, with the environment variable the local cloud sets the
 * value in. In AWS a function gets `<env>_ARN` instead (never the value) and reads the secret at
 * run time (functions/runtime/secrets.ts, D345).
 */
export const SECRET_ENV = {
  originVerify: ORIGIN_VERIFY_ENV,
  mailLink: 'MAIL_LINK_SECRET',
} as const;

export type SecretName = keyof typeof SECRET_ENV;

/** The environment variable holding a secret's ARN in AWS. */
export const secretArnEnv = (name: SecretName) => `${SECRET_ENV[name]}_ARN`;

/** How long a function keeps a secret's value: the extension's cache and the process's each hold it this long (D345). */
export const SECRET_CACHE_MS = 5 * 60_000;

/**
 * After a secret's AWSCURRENT moves, how long until every function has read the new value: the
 * extension's cache, then the process's, plus a minute (D476).
 */
export const SECRET_VISIBLE_MS = 2 * SECRET_CACHE_MS + 60_000;
