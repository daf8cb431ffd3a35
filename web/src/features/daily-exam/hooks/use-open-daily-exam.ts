import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '#shared/domain/limits.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { createDailyExam } from '../api/create-random-recommendation-exam.js';
import { openDailyExam } from '../api/open-daily-exam.js';

/**
 * Opens today's exam with the original client's error handling (docs/product.md#errors): signed out → /login;
 * a `home.dailyExam.*` code → a toast with the server's text, and for no subscriptions a redirect
 * to /profile after 2 s; anything else → the generic failure toast. `via` picks the route: the
 * home card posts /api/daily-exam/, exam management and the exam detail screen (on the user's
 * own daily exam, docs/product.md#roles) post create-random-recommendation-exam. `returnTo` is where End goes.
 * Resolves with the failure's text (null once the exam opens), for a page that has nothing else to
 * show (/daily-exam).
 */
export interface DailyExamFailure {
  detail: string;
  /** No subscribed exams: the page is on its way to /profile, where they are chosen. */
  toProfile: boolean;
}

export function useOpenDailyExam(via: 'home' | 'exam-management' | 'exam-detail', returnTo?: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { isAuthenticated, user } = useAuth();

  return useCallback(
    async (options: { replace?: boolean } = {}): Promise<DailyExamFailure | null> => {
      if (!isAuthenticated || !user) {
        toast.warning(t('dailyExam.loginRequired'));
        navigate('/login');
        return null;
      }
      try {
        const exam = via === 'home' ? await openDailyExam() : await createDailyExam(user.username);
        const back = returnTo ?? (via === 'exam-detail' ? null : via);
        navigate(`/take-exam/${exam.id}${back ? `?returnTo=${encodeURIComponent(back)}` : ''}`, {
          replace: options.replace,
        });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.code.startsWith('home.dailyExam.')) {
          const detail = error.detail || t('dailyExam.failed');
          toast.error(detail);
          const toProfile = error.code === 'home.dailyExam.noSubscribedExams';
          if (toProfile) setTimeout(() => navigate('/profile'), LIMITS.redirectDelayMs);
          return { detail, toProfile };
        }
        const detail = t('dailyExam.failed');
        toast.error(detail);
        return { detail, toProfile: false };
      }
    },
    [isAuthenticated, user, via, returnTo, toast, t, navigate],
  );
}
