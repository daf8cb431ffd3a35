import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { titleRepeatsQuestion } from '#shared/domain/question-title.js';
import { plainText } from '#shared/domain/rich-text.js';
import { RichText } from '../../../components/rich-text/index.js';
import type { QuestionRow } from '../utils/question-rows.js';
import styles from './exam-detail.module.css';

interface Props {
  row: QuestionRow;
  revealed: boolean;
  onToggle(): void;
}

/**
 * Under a question's title in the list: its text, and on demand its answer and explanation
 * (a learner reads it in place), so a question can be read beside its answer without taking the exam. A text the
 * title already says is left out until the row is opened (D281).
 */
export function QuestionReading({ row, revealed, onToggle }: Props) {
  const { t } = useTranslation();
  const panelId = useId();
  const hasAnswer = row.answer.trim() !== '' || row.explanation.trim() !== '';
  return (
    <div className={styles.reading}>
      {row.content.trim() !== '' && (revealed || !titleRepeatsQuestion(row.title, row.content, row.format)) && (
        // Collapsed rows show the plain form: a list of 2,000 questions renders no Markdown until one is opened.
        <RichText
          className={`${styles.questionContent} ${revealed ? '' : styles.clamped}`}
          text={revealed ? row.content : plainText(row.content, row.format)}
          format={revealed ? row.format : 'plain'}
          testId="question-content"
        />
      )}
      {hasAnswer && (
        <button
          type="button"
          className={styles.revealButton}
          aria-expanded={revealed}
          aria-controls={revealed ? panelId : undefined}
          aria-label={t('examDetail.reading.revealFor', { title: row.title || row.csvId })}
          onClick={onToggle}
          data-testid="question-reveal"
        >
          <span aria-hidden="true">{revealed ? '▾' : '▸'}</span> {t('examDetail.reading.reveal')}
        </button>
      )}
      {hasAnswer && revealed && (
        <dl id={panelId} className={styles.answerPanel} data-testid="question-answer-panel">
          <dt>{t('examDetail.reading.answer')}</dt>
          <dd data-testid="question-answer">
            {row.answer.trim() ? <RichText text={row.answer} format={row.format} /> : t('examDetail.reading.none')}
          </dd>
          {row.explanation.trim() !== '' && (
            <>
              <dt>{t('examDetail.reading.explanation')}</dt>
              <dd data-testid="question-explanation">
                <RichText text={row.explanation} format={row.format} />
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
