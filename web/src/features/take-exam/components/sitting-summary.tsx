import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewEntry } from '../utils/session-summary.js';
import { AnsweredQuestions } from './answered-questions.js';
import { SummaryStats } from './summary-stats.js';
import styles from './review.module.css';

const MISS_TEST_IDS = {
  list: 'summary-misses',
  entry: 'summary-miss',
  text: 'miss-content',
  yourAnswer: 'miss-your-answer',
  correctAnswer: 'miss-correct-answer',
};

interface SittingSummaryProps {
  score: number;
  total: number;
  answered: number;
  elapsedSeconds: number;
  /** Every graded answer; the misses are listed. */
  entries: readonly ReviewEntry[];
  /** "Retry the missed ones" and "back to where I came from" (and any other action). */
  actions: ReactNode;
}

/**
 * The one end of a sitting, wherever it was started (exam management, exam detail, a study task,
 * the daily exam, random practice, review): score, time, and each missed question with its text,
 * the answer given and the right one.
 */
export function SittingSummary({ score, total, answered, elapsedSeconds, entries, actions }: SittingSummaryProps) {
  const { t } = useTranslation();
  const misses = entries.filter((entry) => !entry.correct);
  return (
    <section className={styles.sitting} aria-labelledby="sitting-summary-title" data-testid="session-summary">
      <h1 id="sitting-summary-title" className={styles.sittingTitle}>
        {t('takeExam.summary.title')}
      </h1>
      <SummaryStats score={score} total={total} answered={answered} elapsedSeconds={elapsedSeconds} />
      <div className={styles.actions}>{actions}</div>
      {misses.length === 0 ? (
        <p className={styles.note} data-testid="summary-no-misses">
          {t('takeExam.summary.noWrong')}
        </p>
      ) : (
        <>
          <h2 className={styles.listTitle}>{t('takeExam.summary.missesTitle', { count: misses.length })}</h2>
          <AnsweredQuestions entries={misses} testIds={MISS_TEST_IDS} verdicts={false} />
        </>
      )}
    </section>
  );
}
