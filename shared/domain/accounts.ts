/**
 * Account rules shared by the server and the web app. The server is the authority;
 * the web app uses the same numbers for its inline hints.
 */
export const PASSWORD_RULES = {
  /** Users choosing their own password, and admins setting one (the issue overrides the original client's 6). */
  min: 8,
  /** scrypt hashes any length, but a cap keeps a request from buying seconds of CPU. */
  max: 128,
} as const;

export const USERNAME_RULES = {
  max: 150,
  /** Letters (any script), digits and @ . + - _ — Django's username alphabet. */
  pattern: /^[\p{L}\p{N}_.@+-]+$/u,
} as const;

export const NAME_MAX = 150;
export const EMAIL_MAX = 254;
export const AFFILIATION_MAX = 200;

/** A pragmatic address check: one @, no spaces, a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

export function isValidUsername(value: string): boolean {
  return value.length >= 1 && value.length <= USERNAME_RULES.max && USERNAME_RULES.pattern.test(value);
}

/** Usernames and emails are unique without regard to case. */
export function normalizeLogin(value: string): string {
  return value.trim().toLowerCase();
}
