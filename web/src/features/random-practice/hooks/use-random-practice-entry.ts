import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { SESSION_KEYS, localStore, sessionStore, LOCAL_KEYS } from '../../../lib/storage.js';
import { usePracticeStudies } from '../api/get-practice-studies.js';

/** docs/product.md#random-practice: the wait before a user without studies is sent to the study list. */
export const NO_STUDIES_REDIRECT_MS = 2000;

/**
 * The home random practice card's rules (docs/product.md#random-practice): still loading → info toast; no joined studies →
 * warning and /study-management after 2 s; else /random-practice, with the home cache off.
 */
export function useRandomPracticeEntry(): () => void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { isAuthenticated, isAdmin } = useAuth();
  // Read during render: SWR re-renders only for the fields a render read, so a field first read in
  // the click handler would stay at its first value ("still loading" forever).
  const { data: studies, isLoading, error } = usePracticeStudies(isAdmin, isAuthenticated);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return () => {
    if (!isAuthenticated) return void navigate('/login');
    if (error && !studies) return void toast.error(t('app.errors.generic'));
    if (isLoading || !studies) return void toast.info(t('randomPractice.entry.loading'));
    if (studies.results.length === 0) {
      toast.warning(t('randomPractice.entry.noStudies'));
      timer.current = setTimeout(() => navigate('/study-management'), NO_STUDIES_REDIRECT_MS);
      return;
    }
    sessionStore.set(SESSION_KEYS.cacheDisabled, 'true');
    localStore.remove(LOCAL_KEYS.homeData);
    navigate('/random-practice');
  };
}
