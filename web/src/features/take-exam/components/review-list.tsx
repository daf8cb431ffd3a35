import { yesNoValue } from '#shared/domain/answer-check.js';
import { useTranslation } from 'react-i18next';
import screen from '../../../components/ui/screen/screen.module.css';
import { useAnswerDisplay } from '../hooks/use-answer-display.js';
import { isBlank } from '../utils/session-record.js';
import type { ReviewEntry } from '../utils/session-summary.js';
import { RichText } from '../../../components/rich-text/index.js';
import styles from './review.module.css';

/**
 * Answered questions one by one: the verdict, the answer given, and for a wrong one the correct
 * answer and the explanation. The session summary lists every answer, the mistakes review only
 * the wrong ones.
 */
export function ReviewList({ entries, testId = 'review-list' }: { entries: readonly ReviewEntry[]; testId?: string }) {
  const { t } = useTranslation();
  const shown = useAnswerDisplay();
  return (
    <ol className={screen.cardList} data-testid={testId}>
      {entries.map((entry) => (
        <li
          key={entry.questionId}
          className={styles.entry}
          data-testid="review-entry"
          data-question-id={entry.questionId}
          data-verdict={entry.correct ? 'correct' : 'wrong'}
        >
          <div className={styles.entryHead}>
            <span className={`${styles.verdict} ${entry.correct ? styles.correct : styles.wrong}`}>
              <span aria-hidden="true">{entry.correct ? '✓' : '✗'}</span>{' '}
              {entry.correct ? t('takeExam.review.correct') : t('takeExam.review.wrong')}
            </span>
            <span className={styles.entryTitle}>{entry.title || t('takeExam.untitled')}</span>
          </div>
          <dl className={styles.facts}>
            <dt>{t('takeExam.review.yourAnswer')}</dt>
            <dd data-testid="review-your-answer">
              {isBlank(entry.answer) ? t('takeExam.review.noAnswer') : shown(entry.answer, entry.correctAnswer)}
            </dd>
            {!entry.correct && !isBlank(entry.correctAnswer) && (
              <>
                <dt>{t('takeExam.review.correctAnswer')}</dt>
                <dd data-testid="review-correct-answer">
                  {yesNoValue(entry.correctAnswer) ? (
                    shown(entry.correctAnswer, entry.correctAnswer)
                  ) : (
                    <RichText text={entry.correctAnswer} format={entry.format} />
                  )}
                </dd>
              </>
            )}
            {!entry.correct && !isBlank(entry.explanation) && (
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
  );
}
