import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import styles from './studies.module.css';

/** Where the study detail leads: its member management (managers), the user's exams (signed in) and the progress dashboard. */
export function StudyDetailLinks({
  studyId,
  canManage,
  signedIn,
}: {
  studyId: string;
  canManage: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.links}>
      {canManage && (
        <Link
          to={`/member-management/${encodeURIComponent(studyId)}`}
          className={`${button.button} ${button.secondary} ${button.small}`}
          data-testid="member-management-link"
        >
          {t('studies.detail.memberManagement')}
        </Link>
      )}
      {signedIn && (
        <Link to="/exam-management" className={`${button.button} ${button.secondary} ${button.small}`}>
          {t('studies.detail.myExams')}
        </Link>
      )}
      <Link
        to={`/study-progress-dashboard/${encodeURIComponent(studyId)}?returnTo=study-detail`}
        className={`${button.button} ${button.secondary} ${button.small}`}
      >
        {t('studies.detail.dashboard')}
      </Link>
    </div>
  );
}
