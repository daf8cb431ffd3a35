import { safeReturnPath } from '../../../lib/auth/safe-return-path.js';

/** Google's OAuth 2.0 / OpenID Connect authorization endpoint. */
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
/** A sign-in that takes longer than this at Google is treated as abandoned (its state is refused). */
export const OAUTH_STATE_MAX_AGE_MS = 10 * 60 * 1000;

export interface OAuthState {
  /** When the redirect started (ms since epoch). */
  ts: number;
  /** Same-origin path to open after sign-in. */
  returnTo: string;
  /** Random value, also kept in sessionStorage: the answer must carry the one this tab sent. */
  nonce: string;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeOAuthState(state: OAuthState): string {
  return toBase64Url(JSON.stringify(state));
}

/** The state Google echoed back, if it is ours, well formed and fresh. */
export function decodeOAuthState(raw: string | null | undefined, now: number = Date.now()): OAuthState | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(fromBase64Url(raw)) as Partial<OAuthState>;
    if (typeof parsed.ts !== 'number' || typeof parsed.nonce !== 'string' || !parsed.nonce) return null;
    if (now - parsed.ts > OAUTH_STATE_MAX_AGE_MS || parsed.ts - now > 60_000) return null;
    return { ts: parsed.ts, nonce: parsed.nonce, returnTo: safeReturnPath(parsed.returnTo) ?? '/' };
  } catch {
    return null;
  }
}

/**
 * docs/product.md#accounts: the whole page goes to Google (scopes openid email profile, account chooser forced,
 * state carrying a timestamp and the return URL). The server verifies ID tokens only
 * (POST /api/google-oauth/ {id_token}), so the answer asked for is an ID token bound to a nonce.
 */
export function googleAuthorizeUrl(input: {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
}): string {
  const params = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: 'id_token',
    scope: 'openid email profile',
    prompt: 'select_account',
    state: input.state,
    nonce: input.nonce,
  });
  return `${GOOGLE_AUTHORIZE_URL}?${params.toString()}`;
}

export interface OAuthRedirectAnswer {
  idToken: string | null;
  state: string | null;
  error: string | null;
}

/** Google answers in the fragment (`#id_token=…&state=…` or `#error=access_denied&state=…`). */
export function parseOAuthFragment(hash: string): OAuthRedirectAnswer | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = params.get('id_token');
  const error = params.get('error');
  if (!idToken && !error) return null;
  return {
    idToken,
    state: params.get('state'),
    error: error ? [error, params.get('error_description')].filter(Boolean).join(': ') : null,
  };
}

export type SocialErrorKind = 'skipped' | 'cancelled' | 'popupBlocked' | 'timeout' | 'general';

/** docs/product.md#errors: social sign-in errors are told apart by what their message says. */
export function classifySocialError(message: string | null | undefined): SocialErrorKind {
  const text = (message ?? '').toLowerCase();
  if (text.includes('skip')) return 'skipped';
  if (text.includes('popup') && text.includes('block')) return 'popupBlocked';
  if (text.includes('cancel') || text.includes('access_denied') || text.includes('closed')) return 'cancelled';
  if (text.includes('timeout') || text.includes('timed out')) return 'timeout';
  return 'general';
}

/** A random nonce (128 bits, hex). */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
