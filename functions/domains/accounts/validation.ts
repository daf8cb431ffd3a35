import { AFFILIATION_MAX, isValidEmail, isValidUsername, NAME_MAX, PASSWORD_RULES } from '#shared/domain/accounts.js';
import { badRequest } from '../../runtime/http/app-error.js';

/** Input rules with their own error codes, so the caller gets a precise message in their language. */
export function checkNewPassword(password: string | undefined): string {
  if (!password || password.length < PASSWORD_RULES.min)
    throw badRequest('password_too_short', { min: PASSWORD_RULES.min });
  if (password.length > PASSWORD_RULES.max) throw badRequest('password_too_long', { max: PASSWORD_RULES.max });
  return password;
}

export function cleanUsername(raw: string): string {
  const username = raw.trim();
  if (!isValidUsername(username)) throw badRequest('username_invalid');
  return username;
}

/** '' for no email; otherwise a well-formed address (trimmed). */
export function cleanEmail(raw: string | null | undefined): string {
  const email = (raw ?? '').trim();
  if (email && !isValidEmail(email)) throw badRequest('email_invalid');
  return email;
}

export function cleanName(raw: string | null | undefined, options: { required?: boolean } = {}): string {
  const name = (raw ?? '').trim();
  if (options.required && !name) throw badRequest('name_required');
  if (name.length > NAME_MAX) throw badRequest('name_too_long', { max: NAME_MAX });
  return name;
}

export function cleanFreeText(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  if (text.length > AFFILIATION_MAX) throw badRequest('validation_failed');
  return text;
}
