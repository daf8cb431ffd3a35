import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';

interface ManagementHeaderActionsProps {
  signedIn: boolean;
  createOpen: boolean;
  onToggleCreate(): void;
  onLogin(): void;
  onDailyExam(): void;
}

/** The screen header's buttons: the create form's toggle (log in first, for a visitor), question files and the daily exam. */
export function ManagementHeaderActions({
  signedIn,
  createOpen,
  onToggleCreate,
  onLogin,
  onDailyExam,
}: ManagementHeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {signedIn ? (
        <button
          type="button"
          className={`${button.button} ${createOpen ? button.secondary : button.primary}`}
          onClick={onToggleCreate}
          aria-expanded={createOpen}
          aria-controls="create-exam-panel"
          data-testid="toggle-create-exam"
        >
          {createOpen ? t('exams.management.closeForm') : t('exams.management.newExam')}
        </button>
      ) : (
        <button
          type="button"
          className={`${button.button} ${button.primary}`}
          onClick={onLogin}
          data-testid="toggle-create-exam"
        >
          {t('exams.management.loginToCreate')}
        </button>
      )}
      {signedIn && (
        <Link to="/question-files" className={`${button.button} ${button.secondary}`}>
          {t('exams.management.questionFiles')}
        </Link>
      )}
      {signedIn && (
        // docs/product.md#exam-management: today's daily exam, through create-random-recommendation-exam.
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={onDailyExam}
          data-testid="open-daily-exam"
        >
          {t('exams.management.dailyExam')}
        </button>
      )}
    </>
  );
}
