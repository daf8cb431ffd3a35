import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../hooks/use-auth.js';
import type { AuthUser } from '../types.js';
import { loginPathFor } from '../utils/safe-return-path.js';

/**
 * Renders its children for a signed-in user; a visitor goes to /login with a returnTo of this
 * address. When the user signs out while here (logout, withdrawal), the way out is plain /login,
 * the same place those flows navigate to, so the two redirects never disagree.
 */
export function SignedInOnly({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  const hadUser = useRef(user !== null);
  if (user) {
    hadUser.current = true;
    return <>{children(user)}</>;
  }
  const target = hadUser.current ? '/login' : loginPathFor(`${location.pathname}${location.search}`);
  return <Navigate to={target} replace />;
}
