import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { refreshCsrfToken } from '../../../lib/csrf.js';
import { LOCAL_KEYS, localStore } from '../../../lib/storage.js';
import { checkAuthStatus } from '../../../lib/auth/api/check-auth-status.js';

/**
 * docs/product.md#accounts: a server-side social sign-in comes back to any page with login=success&email=… or
 * login=error&message=…. The parameters leave the address; on success the logout flag goes, a
 * CSRF token is fetched and the session's user is loaded; each outcome gets its toast.
 */
export function useSocialSignInReturn(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('login');

  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'error') return;
    const email = params.get('email');
    const message = params.get('message');
    const next = new URLSearchParams(params);
    for (const name of ['login', 'email', 'message']) next.delete(name);
    setParams(next, { replace: true });

    if (outcome === 'error') {
      // The OAuth helpers are the sign-in screens' code: loaded only on this rare return, not on every first visit.
      void import('../utils/google-oauth.js').then(({ classifySocialError }) =>
        toast.error(t(`auth.google.errors.${classifySocialError(message)}`)),
      );
      return;
    }
    localStore.remove(LOCAL_KEYS.logoutFlag);
    void refreshCsrfToken().then(() => checkAuthStatus());
    toast.success(email ? t('auth.google.successWithEmail', { email }) : t('auth.google.success'));
  }, [outcome, params, setParams, t, toast]);
}
