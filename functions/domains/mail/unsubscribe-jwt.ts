import { SignJWT, errors, jwtVerify } from 'jose';
import { readPreviousSecret, readSecret } from '../../runtime/secrets.js';

/**
 * The signed token of the daily mail's one-click unsubscribe link (RFC 8058): an HS256 JWT (jose)
 * naming the user, for this one purpose, valid 60 days (a mail read weeks later still works).
 * Without the key it cannot be made, and any change to it fails verification.
 * Loaded on demand by unsubscribe-token.ts (D106): jose is read only where a token is made or checked.
 */
const PURPOSE = 'daily-mail-unsubscribe';
const VALID_FOR = '60d';

const key = async () => new TextEncoder().encode(await readSecret('mailLink'));
/** The key before the last change, if any: a link mailed before a rotation still works (D413). */
const previousKey = async () => {
  const value = await readPreviousSecret('mailLink');
  return value ? new TextEncoder().encode(value) : null;
};

export async function unsubscribeToken(userId: string): Promise<string> {
  return new SignJWT({ purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(VALID_FOR)
    .sign(await key());
}

/** The user the token names, or null (tampered, expired, another purpose, not a token). */
export async function verifyUnsubscribeToken(token: string): Promise<string | null> {
  if (!token) return null;
  try {
    return namedUser(await jwtVerify(token, await key(), { algorithms: ['HS256'] }));
  } catch (error) {
    // Only a signature made with another key may be the previous key's; anything else is refused as it is.
    if (!(error instanceof errors.JWSSignatureVerificationFailed)) return null;
  }
  const previous = await previousKey();
  if (!previous) return null;
  try {
    return namedUser(await jwtVerify(token, previous, { algorithms: ['HS256'] }));
  } catch {
    return null;
  }
}

const namedUser = ({ payload }: { payload: { purpose?: unknown; sub?: unknown } }) =>
  payload.purpose === PURPOSE && typeof payload.sub === 'string' ? payload.sub : null;
