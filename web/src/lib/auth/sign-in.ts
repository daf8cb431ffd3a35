import { LOCAL_KEYS, localStore, sessionStore } from '../storage.js';
import { announceAuthStatus, getAuthUser, setAuthUser } from './auth-store.js';
import type { AuthUser } from './auth-user.js';

/**
 * Local entries that survive a sign-in. docs/product.md#accounts keeps token, user and csrfToken; the visitor's
 * language choice is kept too, so signing in does not flip the screen to another language.
 */
const KEPT_AT_SIGN_IN: readonly string[] = [
  LOCAL_KEYS.token,
  LOCAL_KEYS.user,
  LOCAL_KEYS.csrfToken,
  LOCAL_KEYS.language,
];

/** The value of localStorage `token`: a marker only, the session itself is an HttpOnly cookie. */
export const SIGNED_IN_MARKER = 'session';

/**
 * docs/product.md#accounts, login success: drop the old token and user, every other local entry (caches,
 * the logout flag), session storage; set a force-refresh timestamp; store the user and a
 * logged-in marker; announce the new state (authStatusChanged).
 */
export function completeSignIn(user: AuthUser): void {
  localStore.remove(LOCAL_KEYS.token);
  localStore.remove(LOCAL_KEYS.user);
  for (const key of localStore.keys()) if (!KEPT_AT_SIGN_IN.includes(key)) localStore.remove(key);
  sessionStore.clear();
  localStore.set(LOCAL_KEYS.forceRefresh, String(Date.now()));
  localStore.set(LOCAL_KEYS.token, SIGNED_IN_MARKER);
  setAuthUser(user);
  announceAuthStatus({ authenticated: true, user });
}

/** Merges fresh fields (profile edits, verification) into the stored user. */
export function patchStoredUser(changes: Partial<AuthUser>): void {
  const current = getAuthUser();
  if (current) setAuthUser({ ...current, ...changes });
}
