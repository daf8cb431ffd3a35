import { logout as logoutRoute } from '#shared/contracts/auth.js';
import { callApi } from '../../api-client.js';
import { refreshCsrfToken } from '../../csrf.js';
import { LOCAL_KEYS, localStore, sessionStore } from '../../storage.js';
import { setAuthUser } from '../auth-store.js';

/** Local keys whose name mentions these are per-user data and go on logout (docs/product.md#accounts). */
const PER_USER_KEY = /auth|user|profile|cache/i;

/**
 * Logout as docs/product.md#accounts orders it: tell the server (a failure is ignored), clear the stored user,
 * session storage, per-user local entries and readable cookies, set the logout flag, and fetch a
 * fresh CSRF token. The caller navigates to /login.
 */
export async function logout(): Promise<void> {
  // The cookie library stays out of the first visit's JavaScript (as in lib/csrf); it is loaded
  // before the local sign-out, which must run without a pause so no screen sees a user gone
  // without the logout flag.
  const cookieLibrary = import('cookie');
  try {
    await callApi(logoutRoute, { body: {} });
  } catch {
    // Spec: the server's answer is ignored; the local sign-out happens regardless.
  }
  const cookies = await cookieLibrary;
  setAuthUser(null);
  sessionStore.clear();
  for (const key of localStore.keys()) if (PER_USER_KEY.test(key)) localStore.remove(key);
  clearReadableCookies(cookies);
  localStore.set(LOCAL_KEYS.logoutFlag, 'true');
  await refreshCsrfToken();
}

/** HttpOnly cookies (the session) are the server's to clear; this removes the rest. */
function clearReadableCookies({ parseCookie, stringifySetCookie }: typeof import('cookie')): void {
  // __Host- cookies are only accepted (and so only removable) with Secure.
  const secure = window.location.protocol === 'https:';
  for (const name of Object.keys(parseCookie(document.cookie))) {
    try {
      document.cookie = stringifySetCookie(name, '', { maxAge: 0, path: '/', secure });
    } catch {
      // A name the cookie grammar refuses was not set by this site; leave it.
    }
  }
}
