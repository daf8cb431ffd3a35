import { sessionStore } from '../../../lib/storage.js';
import {
  decodeOAuthState,
  encodeOAuthState,
  googleAuthorizeUrl,
  parseOAuthFragment,
  randomNonce,
  type OAuthState,
} from './google-oauth.js';
import { safeReturnPath } from '../../../lib/auth/safe-return-path.js';

/** sessionStorage: the nonce of the redirect this tab started (one at a time). */
const NONCE_KEY = 'googleOAuthNonce';

/** Sends the whole page to Google's account chooser (docs/product.md#accounts). */
export function startGoogleRedirect(config: { clientId: string; redirectUri: string }, returnTo: string | null): void {
  const nonce = randomNonce();
  sessionStore.set(NONCE_KEY, nonce);
  const state = encodeOAuthState({ ts: Date.now(), returnTo: safeReturnPath(returnTo) ?? '/', nonce });
  window.location.assign(googleAuthorizeUrl({ ...config, state, nonce }));
}

export type GoogleRedirectAnswer =
  | { kind: 'token'; idToken: string; state: OAuthState }
  | { kind: 'error'; message: string }
  | { kind: 'invalid-state' };

/**
 * Reads Google's answer from the address fragment, once: the fragment is removed at once so a
 * reload or a second effect run does not post the token again. Null when there is no answer.
 */
export function takeGoogleRedirectAnswer(): GoogleRedirectAnswer | null {
  const answer = parseOAuthFragment(window.location.hash);
  if (!answer) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  const expectedNonce = sessionStore.get(NONCE_KEY);
  sessionStore.remove(NONCE_KEY);
  if (answer.error) return { kind: 'error', message: answer.error };
  const state = decodeOAuthState(answer.state);
  if (!answer.idToken || !state || !expectedNonce || state.nonce !== expectedNonce) return { kind: 'invalid-state' };
  return { kind: 'token', idToken: answer.idToken, state };
}
