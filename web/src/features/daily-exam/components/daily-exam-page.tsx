import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { StatusPage, statusPageStyles as styles } from '../../../components/ui/status-page/status-page.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useOpenDailyExam, type DailyExamFailure } from '../hooks/use-open-daily-exam.js';

/**
 * /daily-exam, the daily quiz email's link: a signed-in user lands on today's exam; anyone else
 * signs in first and comes back here. When no exam can be made (nothing subscribed, no questions
 * left) the page says why and where to go, rather than staying on "opening" behind a toast.
 */
export function DailyExamPage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const open = useOpenDailyExam('home');
  const started = useRef(false);
  const [failure, setFailure] = useState<DailyExamFailure | null>(null);

  useEffect(() => {
    if (!isAuthenticated || started.current) return;
    started.current = true;
    void open({ replace: true }).then(setFailure);
  }, [isAuthenticated, open]);

  if (!isAuthenticated) return <Navigate to={loginPathFor('/daily-exam')} replace />;
  if (!failure)
    return (
      <div data-testid="daily-exam-opening">
        <Spinner label={t('dailyExam.opening')} variant="page" />
      </div>
    );
  return (
    <StatusPage
      testId="daily-exam-failed"
      title={t('dailyExam.title')}
      description={failure.detail}
      icon={
        <svg viewBox="0 0 24 24">
          <rect x="4" y="5" width="16" height="15" rx="2" />
          <path d="M8 3v4M16 3v4M4 10h16" />
        </svg>
      }
      actions={
        <>
          <Link to="/profile" className={failure.toProfile ? styles.primary : styles.secondary}>
            {t('dailyExam.subscriptions')}
          </Link>
          <Link to="/?fromHomeMenu=true" className={failure.toProfile ? styles.secondary : styles.primary}>
            {t('dailyExam.home')}
          </Link>
        </>
      }
    />
  );
}
