import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useOpenDailyExam } from '../hooks/use-open-daily-exam.js';

/**
 * /daily-exam, the daily quiz email's link: a signed-in user lands on today's exam; anyone else
 * signs in first and comes back here.
 */
export function DailyExamPage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const open = useOpenDailyExam('home');
  const started = useRef(false);

  useEffect(() => {
    if (!isAuthenticated || started.current) return;
    started.current = true;
    void open({ replace: true });
  }, [isAuthenticated, open]);

  if (!isAuthenticated) return <Navigate to={loginPathFor('/daily-exam')} replace />;
  return (
    <p role="status" data-testid="daily-exam-opening">
      {t('dailyExam.opening')}
    </p>
  );
}
