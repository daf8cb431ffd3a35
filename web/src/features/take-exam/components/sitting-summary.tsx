import { yesNoValue } from '#shared/domain/answer-check.js';
import { useAnswerDisplay } from '../hooks/use-answer-display.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import screen from '../../../components/ui/screen/screen.module.css';
import { isBlank } from '../utils/session-record.js';
import type { ReviewEntry } from '../utils/session-summary.js';
import { SummaryStats } from './summary-stats.js';
import { RichText } from '../../../components/rich-text/index.js';
import styles from './review.module.css';

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
  const shown = useAnswerDisplay();
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
          <ol className={screen.cardList} data-testid="summary-misses">
            {misses.map((entry) => (
              <li
                key={entry.questionId}
                className={styles.entry}
                data-testid="summary-miss"
                data-question-id={entry.questionId}
              >
                <p className={styles.entryTitle}>{entry.title || t('takeExam.untitled')}</p>
                {!isBlank(entry.content) && (
                  <RichText
                    className={styles.missContent}
                    text={entry.content}
                    format={entry.format}
                    testId="miss-content"
                  />
                )}
                <dl className={styles.facts}>
                  <dt>{t('takeExam.review.yourAnswer')}</dt>
                  <dd data-testid="miss-your-answer">
                    {isBlank(entry.answer) ? t('takeExam.review.noAnswer') : shown(entry.answer, entry.correctAnswer)}
                  </dd>
                  {!isBlank(entry.correctAnswer) && (
                    <>
                      <dt>{t('takeExam.review.correctAnswer')}</dt>
                      <dd data-testid="miss-correct-answer">
                        {yesNoValue(entry.correctAnswer) ? (
                          shown(entry.correctAnswer, entry.correctAnswer)
                        ) : (
                          <RichText text={entry.correctAnswer} format={entry.format} />
                        )}
                      </dd>
                    </>
                  )}
                  {!isBlank(entry.explanation) && (
                    <>
                      <dt>{t('takeExam.review.explanation')}</dt>
                      <dd>
                        <RichText text={entry.explanation} format={entry.format} />
                      </dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
