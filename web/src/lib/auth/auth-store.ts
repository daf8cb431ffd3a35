import { LOCAL_KEYS, localStore } from '../storage.js';
import { AUTH_STATUS_EVENT, authUserSchema, type AuthStatusDetail, type AuthUser } from './auth-user.js';

/**
 * Sign-in state derives from localStorage `user` (docs/product.md#accounts), so it survives reloads and is
 * shared by tabs. A tiny external store (no library) keeps the navbar, home and guards in step.
 */
let user: AuthUser | null = readStoredUser();
const listeners = new Set<() => void>();

function readStoredUser(): AuthUser | null {
  const parsed = authUserSchema.safeParse(localStore.getJson(LOCAL_KEYS.user));
  return parsed.success ? parsed.data : null;
}

function notify() {
  for (const listener of listeners) listener();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthUser(): AuthUser | null {
  return user;
}

/** Stores or clears the signed-in user. Clearing also drops the token, as the original client's status rule does. */
export function setAuthUser(next: AuthUser | null): void {
  if (next) {
    localStore.setJson(LOCAL_KEYS.user, next);
    localStore.set(LOCAL_KEYS.username, next.username);
  } else {
    localStore.remove(LOCAL_KEYS.user);
    localStore.remove(LOCAL_KEYS.token);
  }
  user = next;
  notify();
}

/** docs/product.md#accounts: authenticated with a user stores it and clears the logout flag; anything else signs out. */
export function applyAuthStatus(detail: AuthStatusDetail): void {
  if (detail.authenticated && detail.user) {
    localStore.remove(LOCAL_KEYS.logoutFlag);
    setAuthUser(detail.user);
  } else {
    setAuthUser(null);
  }
}

/** Tells every listener (this store included) that the sign-in state changed. */
export function announceAuthStatus(detail: AuthStatusDetail): void {
  window.dispatchEvent(new CustomEvent<AuthStatusDetail>(AUTH_STATUS_EVENT, { detail }));
}

let listening = false;

/** Wires the window events once: the original client's announcement, and other tabs signing in or out. */
export function startAuthListeners(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(AUTH_STATUS_EVENT, (event) => {
    // A logout in progress must not be undone by a late announcement.
    if (localStore.get(LOCAL_KEYS.logoutFlag) === 'true') return;
    const detail = (event as CustomEvent<Partial<AuthStatusDetail> | undefined>).detail;
    const parsed = authUserSchema.safeParse(detail?.user);
    applyAuthStatus({ authenticated: !!detail?.authenticated, user: parsed.success ? parsed.data : null });
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== LOCAL_KEYS.user) return;
    user = readStoredUser();
    notify();
  });
}
