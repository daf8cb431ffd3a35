/**
 * Double-submit CSRF (spec 1 §7): the server sets a readable `csrftoken` cookie and expects the
 * same value in the X-CSRFToken header of every unsafe request. Over HTTPS the server names the
 * cookie `__Host-csrftoken`, so both names are read.
 */
const COOKIE_NAMES = ['__Host-csrftoken', 'csrftoken'];
const CSRF_TOKEN_PATH = '/api/csrf-token/';
/** Spec 1 §7: after refetching a missing token the request is retried after 1 s. */
export const CSRF_RETRY_DELAY_MS = 1000;

export function readCsrfCookie(): string | null {
  const pairs = document.cookie ? document.cookie.split(';') : [];
  for (const name of COOKIE_NAMES) {
    for (const pair of pairs) {
      const index = pair.indexOf('=');
      if (index < 0 || pair.slice(0, index).trim() !== name) continue;
      const value = pair.slice(index + 1).trim();
      if (value) {
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      }
    }
  }
  return null;
}

let inFlight: Promise<string | null> | null = null;

/**
 * Asks the server for a token (which also sets the cookie). Concurrent callers share one request
 * so a burst of saves on a fresh tab does not fetch many tokens.
 */
export function refreshCsrfToken(): Promise<string | null> {
  inFlight ??= fetch(CSRF_TOKEN_PATH, { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { csrfToken?: unknown };
      return typeof body.csrfToken === 'string' ? body.csrfToken : null;
    })
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The token to send: the cookie, else a fresh one after the spec's 1 s pause. */
export async function csrfTokenForRequest(): Promise<string> {
  const cookie = readCsrfCookie();
  if (cookie) return cookie;
  const fetched = await refreshCsrfToken();
  await new Promise((resolve) => setTimeout(resolve, CSRF_RETRY_DELAY_MS));
  return readCsrfCookie() ?? fetched ?? '';
}
