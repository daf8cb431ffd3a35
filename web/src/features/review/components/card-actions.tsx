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
  // Edit and flag stay available while a bury or suspend is under way: neither moves the queue.
  const actions = [
    { name: 'edit', key: 'E', onClick: onEdit, waits: false },
    { name: 'bury', key: '-', onClick: onBury, waits: true },
    { name: 'suspend', key: '@', onClick: onSuspend, waits: true },
  ] as const;
  return (
    <div className={styles.cardActions} role="group" aria-label={t('review.actions.label')}>
      {actions.map((action) => (
        <button
          key={action.name}
          type="button"
          className={small}
          onClick={action.onClick}
          disabled={action.waits && disabled}
          aria-keyshortcuts={action.key}
          data-testid={`review-${action.name}`}
        >
          {t(`review.actions.${action.name}`)}
        </button>
      ))}
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
