import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { addQuestionPath } from '../utils/exam-links.js';
import styles from './exam-detail.module.css';

interface Props {
  examId: string | null;
  counts: { shown: number; total: number; selected: number };
  busy: boolean;
  /** Favorites mode, or an exam with the AI mock interview on. */
  showInterview: boolean;
  canEdit: boolean;
  /** Every shown question's answer and explanation on (a toggle). */
  answersShown: boolean;
  onShowAnswers(): void;
  onStart(): void;
  onRandom(): void;
  onBulkFlag(kind: 'favorite' | 'ignore'): void;
  onInterview(): void;
  onOptions(): void;
}

/** The question list's title with its counts, and its actions: start, random exam, bulk flags, mock interview, add question, options. */
export function QuestionListToolbar({
  examId,
  counts,
  busy,
  showInterview,
  canEdit,
  answersShown,
  onShowAnswers,
  onStart,
  onRandom,
  onBulkFlag,
  onInterview,
  onOptions,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className={screen.toolbar}>
      <h2 className={screen.listTitle}>
        {t('examDetail.list.title')}
        <span className={screen.count} data-testid="question-count">
          {t('examDetail.list.count', counts)}
        </span>
      </h2>
      <div className={styles.listActions}>
        <button
          type="button"
          className={`${button.button} ${button.primary}`}
          onClick={onStart}
          disabled={busy}
          data-testid="detail-start"
        >
          {counts.selected > 0
            ? t('examDetail.list.startSelected', { count: counts.selected })
            : t('examDetail.list.start')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={onRandom}
          disabled={busy}
          data-testid="detail-random"
        >
          {t('examDetail.list.random')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          aria-pressed={answersShown}
          onClick={onShowAnswers}
          disabled={counts.shown === 0}
          data-testid="detail-show-answers"
        >
          {t('examDetail.reading.showAll')}
        </button>
        {counts.selected > 0 && (
          <>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={() => onBulkFlag('favorite')}
              disabled={busy}
              data-testid="detail-bulk-favorite"
            >
              {t('examDetail.list.bulkFavorite')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={() => onBulkFlag('ignore')}
              disabled={busy}
              data-testid="detail-bulk-ignore"
            >
              {t('examDetail.list.bulkIgnore')}
            </button>
          </>
        )}
        {showInterview && (
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            onClick={onInterview}
            disabled={counts.shown === 0}
            data-testid="detail-interview"
          >
            {t('examDetail.list.interview')}
          </button>
        )}
        {examId && canEdit && (
          <>
            <Link
              to={addQuestionPath(examId)}
              className={`${button.button} ${button.secondary}`}
              data-testid="detail-add-question"
            >
              {t('examDetail.list.addQuestion')}
            </Link>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={onOptions}
              data-testid="detail-options"
            >
              {t('examDetail.list.options')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
