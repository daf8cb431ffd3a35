import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import type { CreatedExam } from '../hooks/use-create-exam-form.js';
import styles from './exams.module.css';

/** What the create form shows once the exam is made: its count (and whether it was reduced), where to go next, or another. */
export function CreatedExamPanel({
  created,
  testId,
  onAnother,
}: {
  created: CreatedExam;
  testId: string;
  onAnother(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.createdPanel} data-testid={testId} role="status">
      <p className={styles.createdTitle}>{t('exams.create.created', { title: created.title })}</p>
      <p className={styles.createdText}>{t('exams.create.result', { count: created.questionCount })}</p>
      {created.reduced && (
        <p className={styles.reducedNotice} data-testid="create-exam-reduced">
          {t('exams.create.reduced', { requested: created.requested, count: created.questionCount })}
        </p>
      )}
      <div className={form.actions}>
        <Link
          to={`/exam-detail/${created.id}`}
          className={`${button.button} ${button.primary}`}
          data-testid="created-exam-link"
        >
          {t('exams.create.openDetail')}
        </Link>
        <Link to={`/take-exam/${created.id}`} className={`${button.button} ${button.secondary}`}>
          {t('exams.create.takeExam')}
        </Link>
        <button type="button" className={`${button.button} ${button.ghost}`} onClick={onAnother}>
          {t('exams.create.another')}
        </button>
      </div>
    </div>
  );
}
