import { createHash, randomBytes } from 'node:crypto';
import { normalizeLogin } from '#shared/domain/accounts.js';
import type { Language } from '#shared/domain/language.js';
import { accountMessage } from './messages.js';
import {
  consumeEmailToken,
  deleteEmailToken,
  putEmailToken,
  getUser,
  markEmailVerified,
  type UserRecord,
  blockedFor,
  recordHit,
  VERIFICATION_MAIL_PER_USER,
} from '../users/index.js';
import { config } from '../../runtime/config.js';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../runtime/http/app-error.js';
import type { RequestContext, SignedInContext } from '../../runtime/http/types.js';
import { escapeHtml, sendMail } from '../../runtime/mail/send-mail.js';

/** A verification link works for a day, once. */
export const EMAIL_TOKEN_TTL_SECONDS = 24 * 3600;

const now = () => Math.floor(Date.now() / 1000);
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url: 43 characters. Anything else cannot be one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/send-email-verification/ */
export async function sendEmailVerification(ctx: SignedInContext) {
  const user = await getUser(ctx.caller.user.id);
  if (!user) throw unauthorized();
  if (!user.email) throw badRequest('email_required');
  if (user.email_verified) return { message: accountMessage('already_verified', ctx.language), email_verified: true };

  const wait = await blockedFor(VERIFICATION_MAIL_PER_USER, user.id);
  if (wait > 0) throw tooManyRequests(wait);

  try {
    await mailVerification(user);
  } catch (error) {
    ctx.log.error('verification mail failed', { error: (error as Error).message });
    throw new AppError(503, 'email_send_failed');
  }
  await recordHit(VERIFICATION_MAIL_PER_USER, user.id);
  return { message: accountMessage('verification_sent', ctx.language), email_verified: false };
}

/** A new token (only its hash is stored: a leaked table holds no usable link) and the mail with its link; the token goes again when the mail fails. */
async function mailVerification(user: UserRecord): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const hash = tokenHash(token);
  const t = now();
  await putEmailToken(hash, {
    userId: user.id,
    email: user.email,
    createdAt: t,
    expiresAt: t + EMAIL_TOKEN_TTL_SECONDS,
  });
  try {
    await sendMail({ to: user.email, ...verificationMail(user, token, user.language) });
  } catch (error) {
    await deleteEmailToken(hash);
    throw error;
  }
}

/**
 * Sign-up with an email: the verification mail goes out at once, as the profile's
 * button sends it. A failed mail does not undo the account — it is logged, and the profile offers
 * to send another. Answers whether the mail went out.
 */
export async function sendVerificationOnSignUp(user: UserRecord, ctx: RequestContext): Promise<boolean> {
  if (!user.email || user.email_verified) return false;
  try {
    await mailVerification(user);
    await recordHit(VERIFICATION_MAIL_PER_USER, user.id);
    return true;
  } catch (error) {
    ctx.log.warn('sign-up verification mail failed', { userId: user.id, error: (error as Error).message });
    return false;
  }
}

export function verificationLink(token: string): string {
  return `${config.appOrigin.replace(/\/$/, '')}/verify-email/${token}`;
}

/** The mail in the user's own language, text and HTML. */
export function verificationMail(user: Pick<UserRecord, 'username' | 'first_name'>, token: string, language: Language) {
  const link = verificationLink(token);
  const name = user.first_name || user.username;
  if (language === 'en') {
    return {
      subject: 'Verify your email address',
      text: `Hello ${name},\n\nPlease confirm your email address by opening this link:\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for this, ignore this email.\n`,
      html: `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>Or open this link: ${escapeHtml(link)}</p><p>The link works once and expires in 24 hours. If you did not ask for this, ignore this email.</p>`,
    };
  }
  return {
    subject: '이메일 주소를 인증해 주세요',
    text: `${name}님, 안녕하세요.\n\n아래 링크를 열어 이메일 주소를 인증해 주세요:\n${link}\n\n이 링크는 한 번만 사용할 수 있으며 24시간 후 만료됩니다. 요청하지 않으셨다면 이 메일을 무시해 주세요.\n`,
    html: `<p>${escapeHtml(name)}님, 안녕하세요.</p><p>아래 버튼을 눌러 이메일 주소를 인증해 주세요.</p><p><a href="${escapeHtml(link)}">이메일 인증하기</a></p><p>또는 이 링크를 여세요: ${escapeHtml(link)}</p><p>이 링크는 한 번만 사용할 수 있으며 24시간 후 만료됩니다. 요청하지 않으셨다면 이 메일을 무시해 주세요.</p>`,
  };
}

/**
 * GET /api/verify-email/{token}/ — consumes the token with a conditional delete (so two
 * clicks cannot both succeed), then marks the address verified if it is still the user's.
 * An expired token is left for TTL to remove, so the link keeps saying "expired".
 */
export async function verifyEmail(input: { params: { token: string } }, ctx: RequestContext) {
  const { token } = input.params;
  if (!TOKEN_PATTERN.test(token)) throw badRequest('verification_token_invalid');
  const record = await consumeEmailToken(tokenHash(token), now());
  if (record === 'expired' || record === 'invalid')
    throw badRequest(record === 'expired' ? 'verification_token_expired' : 'verification_token_invalid');
  const user = record.userId ? await getUser(record.userId) : null;
  // The address changed since the mail was sent: this link proves nothing about the new one.
  if (!user || !record.email || normalizeLogin(user.email) !== normalizeLogin(record.email))
    throw badRequest('verification_token_invalid');
  if (!(await markEmailVerified(user.id, user.email))) throw badRequest('verification_token_invalid');
  return { message: accountMessage('email_verified', ctx.language), email_verified: true as const };
}
