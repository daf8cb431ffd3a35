import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';

/**
 * Anonymous visitors may read questions; anything that records sends them to /login with this
 * address (path and query) as returnTo. Returns true when the caller may go on.
 */
export function useRequireLogin(signedIn: boolean): () => boolean {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (signedIn) return true;
    toast.warning(t('takeExam.toasts.loginRequired'));
    navigate(loginPathFor(`${location.pathname}${location.search}`));
    return false;
  }, [signedIn, toast, t, navigate, location.pathname, location.search]);
}
