import { yesNoValue } from '#shared/domain/answer-check.js';
import { useTranslation } from 'react-i18next';
import screen from '../../../components/ui/screen/screen.module.css';
import { useAnswerDisplay } from '../../take-exam/index.js';
import type { ResultReviewEntry } from '../utils/result-review.js';
import { RichText } from '../../../components/rich-text/index.js';
import styles from './result-review.module.css';

const blank = (value: string) => value.trim() === '';

/**
 * Each question of a result: its verdict and title, the question's text, the learner's answer
 * and the right one (with the explanation), so a mistake can be understood without the exam.
 */
export function ResultReview({ entries }: { entries: readonly ResultReviewEntry[] }) {
  const { t } = useTranslation();
  const shown = useAnswerDisplay();
  return (
    <ol className={screen.cardList} data-testid="result-review">
      {entries.map((entry) => (
        <li
          key={entry.questionId}
          className={styles.entry}
          data-testid="result-review-entry"
          data-question-id={entry.questionId}
          data-verdict={entry.correct ? 'correct' : 'wrong'}
        >
          <div className={styles.head}>
            <span className={`${styles.verdict} ${entry.correct ? styles.correct : styles.wrong}`}>
              <span aria-hidden="true">{entry.correct ? '✓' : '✗'}</span>{' '}
              {entry.correct ? t('results.review.correct') : t('results.review.wrong')}
            </span>
            <h3 className={styles.title}>{entry.title || t('results.review.untitledQuestion')}</h3>
          </div>
          {!blank(entry.text) && (
            <RichText className={styles.text} text={entry.text} format={entry.format} testId="result-review-text" />
          )}
          <dl className={styles.answers}>
            <div className={styles.answer}>
              <dt>{t('results.review.yourAnswer')}</dt>
              <dd data-testid="result-review-your-answer">
                {blank(entry.answer) ? t('results.review.noAnswer') : shown(entry.answer, entry.correctAnswer)}
              </dd>
            </div>
            <div className={styles.answer}>
              <dt>{t('results.review.correctAnswer')}</dt>
              <dd data-testid="result-review-correct-answer">
                {blank(entry.correctAnswer) ? (
                  t('results.review.unavailable')
                ) : yesNoValue(entry.correctAnswer) ? (
                  shown(entry.correctAnswer, entry.correctAnswer)
                ) : (
                  <RichText text={entry.correctAnswer} format={entry.format} />
                )}
              </dd>
            </div>
            {!blank(entry.explanation) && (
              <div className={`${styles.answer} ${styles.wide}`}>
                <dt>{t('results.review.explanation')}</dt>
                <dd>
                  <RichText text={entry.explanation} format={entry.format} />
                </dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
