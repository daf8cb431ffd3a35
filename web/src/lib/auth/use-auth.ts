import { useSyncExternalStore } from 'react';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { getAuthUser, setAuthUser, subscribeAuth } from './auth-store.js';
import type { AuthUser } from './auth-user.js';

export interface AuthState {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** docs/product.md#roles: admin_role, is_superuser or is_staff. */
  isAdmin: boolean;
  setUser(user: AuthUser | null): void;
}

export function useAuth(): AuthState {
  const user = useSyncExternalStore(subscribeAuth, getAuthUser);
  return { user, isAuthenticated: user !== null, isAdmin: isSiteAdmin(user), setUser: setAuthUser };
}
