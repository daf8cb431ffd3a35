import type { JWTPayload } from 'jose';
import type { Language } from '#shared/domain/language.js';
import { USERNAME_RULES } from '#shared/domain/accounts.js';
import { accountMessage } from './messages.js';
import {
  unusablePasswordHash,
  findUserByEmail,
  findUserIdByUsername,
  insertUser,
  updateUser,
  UniqueConflict,
  type UserRecord,
  toUserAnswer,
  deleteUserSessions,
} from '../users/index.js';
import { startSession } from './session-cookie.js';
import { config } from '../../runtime/config.js';
import { AppError, badRequest } from '../../runtime/http/app-error.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';

/** GET /api/google-oauth/config/?domain= */
export async function googleConfig(input: { query: { domain?: string } }) {
  return { client_id: config.googleClientId ?? null, redirect_uri: redirectUri(input.query.domain) };
}

/**
 * The redirect goes to the requesting host only when it is ours (APP_ORIGIN's host or one of
 * GOOGLE_REDIRECT_HOSTS); any other `domain` gets APP_ORIGIN, so the answer is no open redirect.
 */
function redirectUri(domain: string | undefined): string {
  const origin = new URL(config.appOrigin);
  const host = (domain ?? '').trim().toLowerCase();
  if (host && host !== origin.host && config.googleRedirectHosts.includes(host)) return `https://${host}/login`;
  return `${origin.origin}/login`;
}

const invalidToken = () => new AppError(401, 'google_token_invalid');

/** Verifies a Google ID token: signature (Google's JWKS), issuer, audience, expiry, nonce. */
export async function verifyGoogleIdToken(idToken: string, nonce: string | undefined): Promise<JWTPayload> {
  const clientId = config.googleClientId;
  if (!clientId) throw badRequest('google_sign_in_unavailable');
  // jose is a chunk of its own, read on the first Google sign-in (D106). Loaded before the try, so a
  // failed load answers 500 rather than passing for an invalid token.
  const { verifyGoogleSignature } = await import('./google-signature.js');
  let payload: JWTPayload;
  try {
    payload = await verifyGoogleSignature(idToken, clientId);
  } catch {
    throw invalidToken();
  }
  if (nonce !== undefined && payload.nonce !== nonce) throw invalidToken();
  return payload;
}

/**
 * POST /api/google-oauth/ — signs in the user whose EMAIL item matches the token's address, or
 * creates one. Only a Google-verified address is trusted for either. When the matched account's
 * own email was never verified, whoever set its password had not proven they own the address
 * (the "pre-hijacking" attack), so that password and every session of the account end here.
 */
export async function googleSignIn(
  input: { body: { id_token: string; language?: Language; nonce?: string; time_zone?: string } },
  ctx: RequestContext,
): Promise<Reply> {
  const payload = await verifyGoogleIdToken(input.body.id_token, input.body.nonce);
  const email = typeof payload.email === 'string' ? payload.email.trim() : '';
  if (!email) throw invalidToken();
  if (payload.email_verified !== true && payload.email_verified !== 'true')
    throw new AppError(401, 'google_email_unverified');

  let user = await findUserByEmail(email);
  if (user && !user.email_verified) {
    user = await updateUser(user, { email_verified: true, passwordHash: unusablePasswordHash() });
    await deleteUserSessions(user.id);
  }
  if (!user) user = await createGoogleUser(payload, email, input.body.language ?? ctx.language, input.body.time_zone);
  const cookie = await startSession(user.id, ctx);
  return jsonReply(
    { success: true, message: accountMessage('google_signed_in', ctx.language), user: toUserAnswer(user) },
    { cookies: [cookie] },
  );
}

async function createGoogleUser(
  payload: JWTPayload,
  email: string,
  language: Language,
  timeZone: string | undefined,
): Promise<UserRecord> {
  const base = usernameFrom(email);
  for (let attempt = 0; attempt < 6; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (await findUserIdByUsername(candidate)) continue;
    try {
      return await insertUser({
        username: candidate,
        passwordHash: unusablePasswordHash(),
        email,
        email_verified: true,
        first_name: String(payload.given_name ?? payload.name ?? '').slice(0, 150),
        last_name: String(payload.family_name ?? '').slice(0, 150),
        language,
        time_zone: timeZone,
        auth_provider: 'google',
      });
    } catch (error) {
      if (!(error instanceof UniqueConflict)) throw error;
      // A concurrent sign-in with the same address created the account first.
      if (error.field === 'email') {
        const existing = await findUserByEmail(email);
        if (existing) return existing;
      }
    }
  }
  throw new AppError(409, 'conflict');
}

/** The part of the address before @, in the username alphabet. */
function usernameFrom(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = [...local]
    .filter((c) => USERNAME_RULES.pattern.test(c))
    .join('')
    .slice(0, 140);
  return cleaned || 'user';
}
