import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { cleanUpNow } from '../api/clean-up-now.js';
import { useProfile } from '../api/get-profile.js';
import { resetStatistics } from '../api/reset-statistics.js';
import { AccountSection } from './account-section.js';
import { CacheSection } from './cache-section.js';
import { DataExportSection } from './data-export-section.js';
import { ExamListsSection } from './exam-lists-section.js';
import { LearnerDaySection } from './learner-day-section.js';
import { MemoryFitSection } from './memory-fit-section.js';
import { ReviewMoveSection } from './review-move-section.js';
import { ReviewSettingsSection } from './review-settings-section.js';
import { PasswordSection } from './password-section.js';
import { RandomExamSection } from './random-exam-section.js';
import { RetentionSection } from './retention-section.js';
import { StatisticsResetSection } from './statistics-reset-section.js';
import { WithdrawalSection } from './withdrawal-section.js';
import styles from './profile-page.module.css';

// The charts (recharts, the calendar) load only when the profile shows them.
const ReviewActivitySection = lazy(() =>
  import('../../review-activity/index.js').then((module) => ({ default: module.ReviewActivitySection })),
);

/** Profile and settings (docs/product.md#profile). Signed-out visitors go to /login and come back here. */
export function ProfilePage() {
  return <SignedInOnly>{(user) => <Profile user={user} />}</SignedInOnly>;
}

function Profile({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: profile, error, reload, isLoading } = useProfile();

  const reported = useRef(false);
  useEffect(() => {
    if (error && !reported.current) {
      reported.current = true;
      toast.error(serverDetailOr(error, t, t('profile.loadFailed')));
    }
  }, [error, t, toast]);

  return (
    <div className={styles.page} data-testid="profile-page">
      <div className={`${page.container} ${page.narrow}`}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('profile.title')}</h1>
          <p className={styles.subtitle}>{t('profile.subtitle')}</p>
        </header>
        {!profile && (isLoading || !error) && <Spinner label={t('profile.loading')} />}
        {!profile && error && !isLoading && (
          <div className={styles.state} role="alert">
            <p>{t('profile.loadFailed')}</p>
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void reload()}>
              {t('profile.retry')}
            </button>
          </div>
        )}
        {profile && (
          <div className={styles.sections}>
            <AccountSection profile={profile} />
            <DataExportSection />
            <RandomExamSection profile={profile} username={user.username} />
            <LearnerDaySection profile={profile} />
            <ReviewSettingsSection profile={profile} />
            <ReviewMoveSection />
            <MemoryFitSection />
            <Suspense fallback={<Spinner label={t('profile.loading')} />}>
              <ReviewActivitySection />
            </Suspense>
            <ExamListsSection />
            <RetentionSection profile={profile} onCleanNow={cleanUpNow} />
            <StatisticsResetSection onReset={async () => void (await resetStatistics(user.id))} />
            <CacheSection />
            <PasswordSection user={user} />
            <WithdrawalSection />
          </div>
        )}
      </div>
    </div>
  );
}
