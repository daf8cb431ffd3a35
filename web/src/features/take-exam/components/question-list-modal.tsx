import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal/modal.js';
import type { ListEntry } from '../utils/question-list-entries.js';
import styles from './take-exam.module.css';

interface QuestionListModalProps {
  open: boolean;
  entries: ListEntry[];
  currentIndex: number;
  onJump(index: number): void;
  onClose(): void;
}

/** Every question as a numbered tile (answered, right or wrong on screen); a click jumps there. */
export function QuestionListModal({ open, entries, currentIndex, onJump, onClose }: QuestionListModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('takeExam.list.title')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="question-list-modal"
    >
      <ol className={styles.listGrid}>
        {entries.map((entry, index) => {
          const state =
            entry.correct === true
              ? styles.listCorrect
              : entry.correct === false
                ? styles.listWrong
                : entry.answered
                  ? styles.listAnswered
                  : '';
          const status =
            entry.correct === true
              ? t('takeExam.list.correct')
              : entry.correct === false
                ? t('takeExam.list.wrong')
                : entry.answered
                  ? t('takeExam.list.answered')
                  : t('takeExam.list.unanswered');
          return (
            <li key={entry.id}>
              <button
                type="button"
                className={`${styles.listItem} ${state} ${index === currentIndex ? styles.listCurrent : ''}`}
                title={`${index + 1}. ${entry.title} — ${status}`}
                aria-label={`${index + 1}. ${entry.title} — ${status}`}
                aria-current={index === currentIndex ? 'step' : undefined}
                onClick={() => onJump(index)}
                data-testid="question-list-item"
              >
                {index + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <div className={styles.legend}>
        <span className={`${styles.badge} ${styles.badgeSuccess}`}>{t('takeExam.list.correct')}</span>
        <span className={`${styles.badge} ${styles.badgeDanger}`}>{t('takeExam.list.wrong')}</span>
        <span className={`${styles.badge} ${styles.badgePrimary}`}>{t('takeExam.list.answered')}</span>
        <span className={styles.badge}>{t('takeExam.list.unanswered')}</span>
      </div>
    </Modal>
  );
}
