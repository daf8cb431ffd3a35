import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ReviewCard, ReviewRating } from '#shared/contracts/review.js';
import button from '../../../components/ui/button/button.module.css';
import { questionParts } from '#shared/domain/input-form.js';
import { shownVerdict } from '../../take-exam/index.js';
import { useCardState } from '../hooks/use-card-state.js';
import { useReviewKeys } from '../hooks/use-review-keys.js';
import { proposedRating } from '../utils/intervals.js';
import { CardActions } from './card-actions.js';
import { CardAnswer } from './card-answer.js';
import { ReviewQuestion } from './review-question.js';
import styles from './review.module.css';

interface ReviewCardViewProps {
  card: ReviewCard;
  flagged: boolean | undefined;
  /** From the offline store: the card's actions (edit, bury, suspend, flag) need the server and are left out. */
  offline?: boolean;
  onGrade(rating: ReviewRating): void;
  onUndo(): void;
  onHelp(): void;
  /** Resolves false when the card stays (the write failed). */
  onBury(): Promise<boolean>;
  onSuspend(): Promise<boolean>;
  onFlag(): void;
}

/** Where the leech list edits a question: take-exam opened on it. */
export const editPath = (card: Pick<ReviewCard, 'exam_id' | 'question_id'>) =>
  `/take-exam/${card.exam_id}?question_id=${encodeURIComponent(card.question_id)}`;

/**
 * One card: the question (answer it or not), then the answer with the verdict of what was typed or
 * chosen, and the four grades; edit, bury, suspend and flag on either side. A verdict proposes a grade
 * (right → Good, almost → Hard, wrong → Again); the learner may press any. Its states are
 * utils/card-state.ts. Rendered with the question id as key: a new card starts afresh.
 */
export function ReviewCardView(props: ReviewCardViewProps) {
  const { card, flagged, offline, onGrade, onUndo, onHelp, onBury, onSuspend, onFlag } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { question } = card;
  const { state, dispatch, leave } = useCardState();
  const { phase, answer } = state;
  const revealed = phase !== 'question';
  const { inputForm, options } = questionParts(question.content ?? '', question.answer ?? '');
  // A Markdown question is graded in its plain form, as on take-exam (D132).
  const subject = {
    answer: question.answer ?? '',
    content: question.content ?? '',
    format: question.format,
    cloze: question.cloze,
    cloze_note: question.cloze_note,
  };
  const verdict = revealed ? shownVerdict(answer, subject, undefined) : null;
  const proposed = proposedRating(verdict?.graded);

  const grade = (rating: ReviewRating) => leave(() => onGrade(rating));
  const edit = () => {
    if (!offline) void navigate(editPath(card));
  };
  useReviewKeys({
    phase,
    choices: options.length > 0,
    yesNo: inputForm === 'yesno',
    handlers: {
      reveal: () => dispatch({ type: 'reveal' }),
      grade: (a) => grade(a.rating),
      accept: () => grade(proposed ?? 'good'),
      undo: onUndo,
      help: onHelp,
      choose: (a) => dispatch({ type: 'choose', key: a.key, inputForm, options }),
      yesNo: (a) => dispatch({ type: 'yesNo', value: a.value }),
      bury: () => leave(onBury),
      suspend: () => leave(onSuspend),
      flag: onFlag,
      edit,
    },
  });

  return (
    <article
      className={styles.card}
      data-testid="review-card"
      data-kind={card.kind}
      data-phase={phase}
      data-question-id={card.question_id}
    >
      <CardMeta card={card} />
      <ReviewQuestion
        question={question}
        answer={answer}
        revealed={revealed}
        onAnswer={(value) => dispatch({ type: 'type', value })}
        onYesNo={(value) => dispatch({ type: 'yesNo', value })}
      />
      {!revealed ? (
        <button
          type="button"
          className={`${button.button} ${button.primary} ${styles.reveal}`}
          onClick={() => dispatch({ type: 'reveal' })}
          aria-keyshortcuts="Space Enter"
          data-testid="review-reveal"
        >
          {answer.trim() ? t('review.card.check') : t('review.card.show')}
        </button>
      ) : (
        <CardAnswer
          card={card}
          answer={answer}
          verdict={verdict?.graded ?? null}
          proposed={proposed}
          disabled={phase === 'closed'}
          onGrade={grade}
        />
      )}
      {!offline && (
        <CardActions
          flagged={flagged}
          disabled={phase === 'closed'}
          onEdit={edit}
          onBury={() => leave(onBury)}
          onSuspend={() => leave(onSuspend)}
          onFlag={onFlag}
        />
      )}
    </article>
  );
}

function CardMeta({ card }: { card: ReviewCard }) {
  const { t } = useTranslation();
  return (
    <div className={styles.cardMeta}>
      <span className={`${styles.kind} ${styles[`count_${card.kind}`]}`}>{t(`review.kind.${card.kind}`)}</span>
      <span className={styles.muted}>{card.exam_title}</span>
      {card.leech && (
        <span className={styles.leechBadge} data-testid="review-card-leech">
          {t('review.leeches.badge')}
        </span>
      )}
    </div>
  );
}
