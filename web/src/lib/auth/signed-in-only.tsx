import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LOCAL_KEYS, localStore } from '../storage.js';
import { useAuth } from './use-auth.js';
import type { AuthUser } from './auth-user.js';
import { loginPathFor } from './safe-return-path.js';

/**
 * Renders its children for a signed-in user; a visitor goes to /login with a returnTo of this
 * address (so does a user whose session ran out while here). When the user signs out on purpose
 * while here (logout, withdrawal: the logout flag is set), the way out is plain /login, the same
 * place those flows navigate to, so the two redirects never disagree.
 */
export function SignedInOnly({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  const hadUser = useRef(user !== null);
  if (user) {
    hadUser.current = true;
    return <>{children(user)}</>;
  }
  const signedOut = hadUser.current && localStore.get(LOCAL_KEYS.logoutFlag) === 'true';
  const target = signedOut ? '/login' : loginPathFor(`${location.pathname}${location.search}`);
  return <Navigate to={target} replace />;
}
