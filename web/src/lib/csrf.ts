import { getCsrfToken } from '#shared/contracts/system.js';
// A cycle with api-client, resolved at call time: unsafe calls ask this module for the token,
// and the token itself comes through the typed client (a GET, which needs no token).
import { callApi } from './api-client.js';

/**
 * Double-submit CSRF (docs/product.md#sessions-and-csrf): the server sets a readable `csrftoken` cookie and expects the
 * same value in the X-CSRFToken header of every unsafe request. Over HTTPS the server names the
 * cookie `__Host-csrftoken`, so both names are read.
 */
const COOKIE_NAMES = ['__Host-csrftoken', 'csrftoken'];
/** docs/product.md#sessions-and-csrf: after refetching a missing token the request is retried after 1 s. */
export const CSRF_RETRY_DELAY_MS = 1000;

/**
 * The cookie parser is loaded with the first unsafe request, not with the page: it would add
 * about 0.8 KB gzipped to the first visit's JavaScript, which makes no unsafe request.
 */
export async function readCsrfCookie(): Promise<string | null> {
  const { parseCookie } = await import('cookie');
  const cookies = parseCookie(document.cookie ?? '');
  for (const name of COOKIE_NAMES) {
    const value = cookies[name];
    if (value) return value;
  }
  return null;
}

let inFlight: Promise<string | null> | null = null;

/**
 * Asks the server for a token (which also sets the cookie). Concurrent callers share one request
 * so a burst of saves on a fresh tab does not fetch many tokens.
 */
export function refreshCsrfToken(): Promise<string | null> {
  inFlight ??= callApi(getCsrfToken)
    .then((answer) => answer.csrfToken)
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The token to send: the cookie, else a fresh one after the original client's 1 s pause. */
export async function csrfTokenForRequest(): Promise<string> {
  const cookie = await readCsrfCookie();
  if (cookie) return cookie;
  const fetched = await refreshCsrfToken();
  await new Promise((resolve) => setTimeout(resolve, CSRF_RETRY_DELAY_MS));
  return (await readCsrfCookie()) ?? fetched ?? '';
}
