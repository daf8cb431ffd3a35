import { authStatus } from '#shared/contracts/auth.js';
import { ApiError, callApi } from '../../api-client.js';
import { LOCAL_KEYS, localStore } from '../../storage.js';
import { announceAuthStatus } from '../auth-store.js';

/**
 * Start-up check (docs/product.md#accounts): asks GET /api/auth/status/ and announces the answer, which the
 * auth store applies. A network or server failure keeps the stored state: being offline or a
 * brief outage must not sign anyone out.
 */
export async function checkAuthStatus(): Promise<void> {
  try {
    const answer = await callApi(authStatus);
    const authenticated = answer.authenticated && answer.user !== null;
    // Cleared first so the announcement is not ignored as a late one after a logout.
    if (authenticated) localStore.remove(LOCAL_KEYS.logoutFlag);
    announceAuthStatus({ authenticated, user: answer.user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      announceAuthStatus({ authenticated: false, user: null });
      return;
    }
    console.warn('auth status check failed', error);
  }
}
