import { yesNoValue } from '#shared/domain/answer-check.js';
import { useTranslation } from 'react-i18next';
import screen from '../../../components/ui/screen/screen.module.css';
import { RichText } from '../../../components/rich-text/index.js';
import { useAnswerDisplay } from '../hooks/use-answer-display.js';
import { isBlank } from '../utils/session-record.js';
import type { ReviewEntry } from '../utils/session-summary.js';
import styles from './answered-questions.module.css';

/** The test ids of the list and of each entry's parts: every screen that lists answers keeps its own. */
export interface AnsweredQuestionsTestIds {
  list: string;
  entry: string;
  text: string;
  yourAnswer: string;
  correctAnswer: string;
}

interface AnsweredQuestionsProps {
  entries: readonly ReviewEntry[];
  testIds: AnsweredQuestionsTestIds;
  /** A right/wrong badge on each entry; a list of misses only goes without. */
  verdicts?: boolean;
}

/**
 * Answered questions one card each: the title, the question's text, the learner's answer beside
 * the right one, and the explanation, so a mistake can be understood without the exam. The
 * session summary lists its misses this way, the result detail screen its mistakes or every answer.
 */
export function AnsweredQuestions({ entries, testIds, verdicts = true }: AnsweredQuestionsProps) {
  const { t } = useTranslation();
  const shown = useAnswerDisplay();
  return (
    <ol className={screen.cardList} data-testid={testIds.list}>
      {entries.map((entry) => (
        <li
          key={entry.questionId}
          className={styles.entry}
          data-testid={testIds.entry}
          data-question-id={entry.questionId}
          data-verdict={entry.correct ? 'correct' : 'wrong'}
        >
          <div className={styles.head}>
            {verdicts && (
              <span className={`${styles.verdict} ${entry.correct ? styles.correct : styles.wrong}`}>
                <span aria-hidden="true">{entry.correct ? '✓' : '✗'}</span>{' '}
                {entry.correct ? t('takeExam.review.correct') : t('takeExam.review.wrong')}
              </span>
            )}
            <h3 className={styles.title}>{entry.title || t('takeExam.untitled')}</h3>
          </div>
          {!isBlank(entry.text) && (
            <RichText className={styles.text} text={entry.text} format={entry.format} testId={testIds.text} />
          )}
          <dl className={styles.answers}>
            <div className={styles.answer}>
              <dt>{t('takeExam.review.yourAnswer')}</dt>
              <dd data-testid={testIds.yourAnswer}>
                {isBlank(entry.answer) ? t('takeExam.review.noAnswer') : shown(entry.answer, entry.correctAnswer)}
              </dd>
            </div>
            <div className={styles.answer}>
              <dt>{t('takeExam.review.correctAnswer')}</dt>
              <dd data-testid={testIds.correctAnswer}>
                {isBlank(entry.correctAnswer) ? (
                  t('takeExam.review.unavailable')
                ) : yesNoValue(entry.correctAnswer) ? (
                  shown(entry.correctAnswer, entry.correctAnswer)
                ) : (
                  <RichText text={entry.correctAnswer} format={entry.format} />
                )}
              </dd>
            </div>
            {!isBlank(entry.explanation) && (
              <div className={`${styles.answer} ${styles.wide}`}>
                <dt>{t('takeExam.review.explanation')}</dt>
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
