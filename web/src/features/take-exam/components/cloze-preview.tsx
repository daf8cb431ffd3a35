import { useTranslation } from 'react-i18next';
import { clozeAnswerText, clozeNumbers, clozeQuestion } from '#shared/domain/cloze.js';
import type { TextFormat } from '#shared/domain/rich-text.js';
import { RichText } from '../../../components/rich-text/index.js';
import styles from './take-exam.module.css';

/** Cards a live preview shows at most: a note rarely has more gaps, and the rest are saved all the same. */
const PREVIEW_CARDS = 10;

/**
 * The live preview of a cloze note (D370): each gap number's card as the learner will see it — the
 * gap hidden, the other gaps filled — and the answer it takes.
 */
export function ClozePreview({ note, format }: { note: string; format: TextFormat }) {
  const { t } = useTranslation();
  const numbers = clozeNumbers(note);
  return (
    <section className={styles.preview} aria-label={t('takeExam.form.clozePreview')} data-testid="cloze-preview">
      <h3 className={styles.previewTitle}>{t('takeExam.form.clozeCards', { count: numbers.length })}</h3>
      {numbers.slice(0, PREVIEW_CARDS).map((number) => (
        <div key={number} className={styles.previewField} data-testid="cloze-preview-card">
          <span className={styles.previewLabel}>{t('takeExam.form.clozeCard', { number })}</span>
          <RichText text={clozeQuestion(note, number, format)} format={format} />
          <span className={styles.previewLabel}>{t('takeExam.form.answer')}</span>
          <RichText text={clozeAnswerText(note, number, format)} format={format} />
        </div>
      ))}
    </section>
  );
}
