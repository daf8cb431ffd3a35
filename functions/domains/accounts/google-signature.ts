import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { config } from '../../runtime/config.js';

// Loaded on demand by google.ts (D106): only Google sign-in reads jose.

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** One key set per URL per container; jose caches the keys and refetches on an unknown `kid`. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function googleKeys() {
  const url = config.googleJwksUrl;
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/** The token's claims when Google signed it for this client and it is current; throws otherwise. */
export async function verifyGoogleSignature(idToken: string, clientId: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, googleKeys(), {
    issuer: GOOGLE_ISSUERS,
    audience: clientId,
    algorithms: ['RS256'],
    requiredClaims: ['exp', 'iat', 'sub'],
    clockTolerance: 5,
  });
  return payload;
}
