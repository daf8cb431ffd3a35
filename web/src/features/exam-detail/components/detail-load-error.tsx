import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { ApiError } from '../../../lib/api-client.js';

/**
 * Why the exam (or the favorites) did not load. An exam that does not exist or that the caller may not
 * read (`exam_not_found`, a non-member's private exam too) is "not found", with the way back to the
 * exams; anything else may pass, so it offers a retry.
 */
export function DetailLoadError({
  error,
  favoritesMode,
  onRetry,
}: {
  error: unknown;
  favoritesMode: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const notFound = !favoritesMode && error instanceof ApiError && error.code === 'exam_not_found';
  return (
    <div className={`${screen.state} ${screen.statePanel}`} role="alert" data-testid="exam-detail-error">
      {notFound ? (
        <>
          <p data-testid="exam-detail-not-found">{t('examDetail.errors.notFound')}</p>
          <Link to="/exam-management" className={`${button.button} ${button.secondary}`}>
            {t('examDetail.errors.toExams')}
          </Link>
        </>
      ) : (
        <>
          <p>{t(favoritesMode ? 'examDetail.errors.favoritesLoadFailed' : 'examDetail.errors.loadFailed')}</p>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onRetry}>
            {t('examDetail.common.retry')}
          </button>
        </>
      )}
    </div>
  );
}
