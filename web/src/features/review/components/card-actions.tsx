import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import styles from './review.module.css';

interface CardActionsProps {
  /** Unknown until the learner flags the card here (the queue does not read favourites). */
  flagged: boolean | undefined;
  disabled: boolean;
  onEdit(): void;
  onBury(): void;
  onSuspend(): void;
  onFlag(): void;
}

/** Edit, bury until tomorrow, suspend and flag, on the card being reviewed (each with its key, D303). */
export function CardActions({ flagged, disabled, onEdit, onBury, onSuspend, onFlag }: CardActionsProps) {
  const { t } = useTranslation();
  const small = `${button.button} ${button.ghost} ${button.small}`;
  return (
    <div className={styles.cardActions} role="group" aria-label={t('review.actions.label')}>
      <button type="button" className={small} onClick={onEdit} aria-keyshortcuts="E" data-testid="review-edit">
        {t('review.actions.edit')}
      </button>
      <button
        type="button"
        className={small}
        onClick={onBury}
        disabled={disabled}
        aria-keyshortcuts="-"
        data-testid="review-bury"
      >
        {t('review.actions.bury')}
      </button>
      <button
        type="button"
        className={small}
        onClick={onSuspend}
        disabled={disabled}
        aria-keyshortcuts="@"
        data-testid="review-suspend"
      >
        {t('review.actions.suspend')}
      </button>
      <button
        type="button"
        className={small}
        onClick={onFlag}
        aria-keyshortcuts="*"
        aria-pressed={flagged}
        data-testid="review-flag"
        data-flagged={flagged === undefined ? undefined : String(flagged)}
      >
        {flagged ? `★ ${t('review.actions.flag')}` : t('review.actions.flag')}
      </button>
    </div>
  );
}
