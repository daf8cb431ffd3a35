import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import type { SessionSummary } from '../utils/session-summary.js';
import { RetryWrongButton } from './retry-wrong-button.js';
import { ReviewList } from './review-list.js';
import { SummaryStats } from './summary-stats.js';
import styles from './review.module.css';

/** The summary End shows over the screen it lands on: score, accuracy, time and every answer. */
export function SessionSummaryDialog({ summary, onClose }: { summary: SessionSummary; onClose(): void }) {
  const { t } = useTranslation();
  const wrong = summary.entries.filter((entry) => !entry.correct).length;
  return (
    <Modal
      open
      size="wide"
      title={t('takeExam.summary.title')}
      closeLabel={t('app.close')}
      onClose={onClose}
      testId="session-summary"
      footer={
        <div className={styles.actions}>
          {wrong > 0 && <RetryWrongButton examId={summary.examId} />}
          <Link
            to={`/results/${encodeURIComponent(summary.resultId)}`}
            className={`${button.button} ${button.secondary}`}
            data-testid="summary-view-result"
          >
            {t('takeExam.summary.viewResult')}
          </Link>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            onClick={onClose}
            data-testid="summary-close"
          >
            {t('takeExam.summary.done')}
          </button>
        </div>
      }
    >
      <SummaryStats
        score={summary.score}
        total={summary.total}
        answered={summary.answered}
        elapsedSeconds={summary.elapsedSeconds}
      />
      {wrong === 0 && <p className={styles.note}>{t('takeExam.summary.noWrong')}</p>}
      <h3 className={styles.listTitle}>{t('takeExam.summary.listTitle')}</h3>
      <ReviewList entries={summary.entries} />
    </Modal>
  );
}
