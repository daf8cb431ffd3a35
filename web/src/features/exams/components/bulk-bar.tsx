import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import type { SubscriptionPlan } from '../utils/subscriptions.js';
import styles from './exams.module.css';

interface BulkBarProps {
  allSelected: boolean;
  /** Nothing listed: select-all is disabled. */
  empty: boolean;
  selectedCount: number;
  /** The list's count, shown while nothing is selected (empty before the first page). */
  countText: string;
  plan: SubscriptionPlan;
  canDelete: boolean;
  busy: boolean;
  onSelectAll(all: boolean): void;
  onSubscription(): void;
  onDelete(): void;
}

/** Select-all with the count, and what applies to the selection: (un)subscribe and delete. */
export function BulkBar({
  allSelected,
  empty,
  selectedCount,
  countText,
  plan,
  canDelete,
  busy,
  onSelectAll,
  onSubscription,
  onDelete,
}: BulkBarProps) {
  const { t } = useTranslation();
  const subscriptionLabel =
    plan.mode === 'unsubscribe'
      ? t('exams.actions.unsubscribe')
      : plan.mode === 'mixed'
        ? t('exams.actions.toggleSubscription')
        : t('exams.actions.subscribe');
  return (
    <div className={styles.bulkBar} data-testid="bulk-bar">
      <label className={styles.bulkSelect}>
        <input
          type="checkbox"
          className={form.checkbox}
          checked={allSelected}
          disabled={empty}
          onChange={(event) => onSelectAll(event.target.checked)}
          aria-label={t('exams.list.selectAll')}
          data-testid="exam-select-all"
        />
        <span>{selectedCount > 0 ? t('exams.list.selected', { count: selectedCount }) : countText}</span>
      </label>
      <div className={styles.bulkActions}>
        <button
          type="button"
          className={`${button.button} ${button.secondary} ${button.small}`}
          disabled={busy}
          onClick={onSubscription}
          data-testid="bulk-subscription"
        >
          {subscriptionLabel}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.dangerOutline} ${button.small}`}
          disabled={busy || !canDelete}
          onClick={onDelete}
          data-testid="bulk-delete"
        >
          {t('exams.actions.deleteSelected')}
        </button>
      </div>
    </div>
  );
}
