import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '#shared/contracts/review.js';
import button from '../../../components/ui/button/button.module.css';
import { chooseOption, displayAnswer, questionParts } from '#shared/domain/input-form.js';
import { RichText } from '../../../components/rich-text/index.js';
import { shownVerdict } from '../../take-exam/index.js';
import { useReviewKeys } from '../hooks/use-review-keys.js';
import { proposedRating } from '../utils/intervals.js';
import { GradeButtons } from './grade-buttons.js';
import { ReviewQuestion } from './review-question.js';
import styles from './review.module.css';

interface ReviewCardViewProps {
  card: ReviewCard;
  onGrade(rating: ReviewRating): void;
  onUndo(): void;
  onHelp(): void;
}

/**
 * One card: the question (answer it or not), then the answer with the verdict of what was typed or
 * chosen, and the four grades. A verdict proposes a grade (right → Good, almost → Hard, wrong →
 * Again); the learner may press any. Rendered with the question id as key: a new card starts afresh.
 */
export function ReviewCardView({ card, onGrade, onUndo, onHelp }: ReviewCardViewProps) {
  const { t } = useTranslation();
  const { question } = card;
  const [answer, setAnswer] = useState('');
  const [revealed, setRevealed] = useState(false);
  const { inputForm, options } = questionParts(question.content ?? '', question.answer ?? '');
  // A Markdown question is graded in its plain form, as on take-exam (D132).
  const subject = { answer: question.answer ?? '', content: question.content ?? '', format: question.format };
  const verdict = revealed ? shownVerdict(answer, subject, undefined) : null;
  const proposed = proposedRating(verdict?.graded);
  const yesNoLabels = { true: t('takeExam.question.true'), false: t('takeExam.question.false') };

  const yesNo = (value: 'Y' | 'N') => {
    setAnswer(value);
    setRevealed(true);
  };
  useReviewKeys({
    phase: revealed ? 'answer' : 'question',
    reveal: () => setRevealed(true),
    grade: onGrade,
    accept: () => onGrade(proposed ?? 'good'),
    undo: onUndo,
    help: onHelp,
    choose: options.length ? (key) => setAnswer(chooseOption(answer, key, inputForm, options)) : undefined,
    yesNo: inputForm === 'yesno' ? yesNo : undefined,
  });

  return (
    <article
      className={styles.card}
      data-testid="review-card"
      data-kind={card.kind}
      data-question-id={card.question_id}
    >
      <div className={styles.cardMeta}>
        <span className={`${styles.kind} ${styles[`count_${card.kind}`]}`}>{t(`review.kind.${card.kind}`)}</span>
        <span className={styles.muted}>{card.exam_title}</span>
        {card.leech && (
          <span className={styles.leechBadge} data-testid="review-card-leech">
            {t('review.leeches.badge')}
          </span>
        )}
      </div>
      <ReviewQuestion question={question} answer={answer} revealed={revealed} onAnswer={setAnswer} onYesNo={yesNo} />
      {!revealed ? (
        <button
          type="button"
          className={`${button.button} ${button.primary} ${styles.reveal}`}
          onClick={() => setRevealed(true)}
          aria-keyshortcuts="Space Enter"
          data-testid="review-reveal"
        >
          {answer.trim() ? t('review.card.check') : t('review.card.show')}
        </button>
      ) : (
        <section className={styles.answer} aria-label={t('review.card.answer')} data-testid="review-answer">
          {verdict && (
            <p
              className={`${styles.verdict} ${styles[`verdict_${verdict.graded}`]}`}
              role="status"
              data-testid="review-verdict"
              data-verdict={verdict.graded}
            >
              {t(`takeExam.verdict.${verdict.graded}`)}
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
                <RichText
                  text={displayAnswer(question.answer ?? '', inputForm, yesNoLabels)}
                  format={question.format}
                />
              </dd>
            </div>
            {question.explanation && (
              <div>
                <dt>{t('review.card.explanation')}</dt>
                <dd>
                  <RichText text={question.explanation} format={question.format} />
                </dd>
              </div>
            )}
          </dl>
          <GradeButtons intervals={card.intervals} proposed={proposed} onGrade={onGrade} />
        </section>
      )}
    </article>
  );
}
