import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '#shared/contracts/review.js';
import type { Verdict } from '#shared/domain/answer-check.js';
import { revealedSentence } from '#shared/domain/cloze.js';
import { displayAnswer, questionParts } from '#shared/domain/input-form.js';
import { RichText } from '../../../components/rich-text/index.js';
import { GradeButtons } from './grade-buttons.js';
import styles from './review.module.css';

interface CardAnswerProps {
  card: ReviewCard;
  answer: string;
  verdict: Verdict | null;
  proposed: ReviewRating | null;
  disabled: boolean;
  onGrade(rating: ReviewRating): void;
}

/** The answer side: the verdict of what was typed or chosen, the answer, the explanation, the grades. */
export function CardAnswer({ card, answer, verdict, proposed, disabled, onGrade }: CardAnswerProps) {
  const { t } = useTranslation();
  const { question } = card;
  const { inputForm } = questionParts(question.content ?? '', question.answer ?? '');
  const sentence = revealedSentence(question);
  const yesNoLabels = { true: t('takeExam.question.true'), false: t('takeExam.question.false') };
  return (
    <section className={styles.answer} aria-label={t('review.card.answer')} data-testid="review-answer">
      {verdict && (
        <p
          className={`${styles.verdict} ${styles[`verdict_${verdict}`]}`}
          role="status"
          data-testid="review-verdict"
          data-verdict={verdict}
        >
          {t(`takeExam.verdict.${verdict}`)}
        </p>
      )}
      <dl className={styles.facts}>
        {answer.trim() && (
          <div>
            <dt>{t('review.card.yourAnswer')}</dt>
            <dd>{displayAnswer(answer, inputForm, yesNoLabels)}</dd>
          </div>
        )}
        <div>
          <dt>{t('review.card.correctAnswer')}</dt>
          <dd data-testid="review-correct-answer">
            <RichText text={displayAnswer(question.answer ?? '', inputForm, yesNoLabels)} format={question.format} />
          </dd>
        </div>
        {sentence && (
          <div>
            <dt>{t('review.card.clozeSentence')}</dt>
            <dd>
              <RichText text={sentence} format={question.format} testId="cloze-sentence" />
            </dd>
          </div>
        )}
        {question.explanation && (
          <div>
            <dt>{t('review.card.explanation')}</dt>
            <dd>
              <RichText text={question.explanation} format={question.format} />
            </dd>
          </div>
        )}
      </dl>
      <GradeButtons intervals={card.intervals} proposed={proposed} disabled={disabled} onGrade={onGrade} />
    </section>
  );
}
