import { useTranslation } from 'react-i18next';
import type { JoinRequest } from '#shared/contracts/studies.js';
import screen from '../../../components/ui/screen/screen.module.css';
import styles from './studies.module.css';

/**
 * A manager's notice of join requests waiting for an answer (the study's answer lists them for managers),
 * linking to the table where they are answered. Nothing when none is pending.
 */
export function PendingRequestsNotice({ requests }: { requests: readonly JoinRequest[] }) {
  const { t } = useTranslation();
  const pending = requests.filter((request) => request.status === 'pending').length;
  if (pending === 0) return null;
  return (
    <p className={`${screen.notice} ${styles.pendingNotice}`} role="status" data-testid="pending-requests-notice">
      {t('studies.requests.pendingNotice', { count: pending })}{' '}
      <a href="#study-join-requests">{t('studies.requests.pendingLink')}</a>
    </p>
  );
}
