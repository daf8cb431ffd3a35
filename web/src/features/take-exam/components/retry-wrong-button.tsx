import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import { serverDetailOr } from '../../../lib/error-text.js';
import { createWrongQuestionsExam } from '../../exams/index.js';
import styles from './review.module.css';

/**
 * "Retry the wrong ones": a new exam of the caller's wrong answers in this exam (POST
 * /api/exam/{id}/wrong-questions/), opened at once. A failure is said next to the button, since
 * this may sit in a modal, above the toasts.
 */
export function RetryWrongButton({ examId }: { examId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const retry = async () => {
    setPending(true);
    setFailure(null);
    try {
      const answer = await createWrongQuestionsExam(examId);
      navigate(`/take-exam/${encodeURIComponent(answer.id)}`);
    } catch (error) {
      setFailure(serverDetailOr(error, t, t('takeExam.summary.retryFailed')));
      setPending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`${button.button} ${button.primary}`}
        onClick={() => void retry()}
        disabled={pending}
        data-testid="retry-wrong"
      >
        {pending ? t('takeExam.summary.retrying') : t('takeExam.summary.retryWrong')}
      </button>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
