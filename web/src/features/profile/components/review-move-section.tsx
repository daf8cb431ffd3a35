import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MOVE_COUNT } from '#shared/contracts/workload.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { moveReviews } from '../api/move-reviews.js';

const DEFAULT_COUNT = 10;

/**
 * Postpone and advance (D328, D329): move a number of review cards later (a heavy day) or bring
 * later ones to today (a free day), the server choosing those whose recall suffers least.
 */
export function ReviewMoveSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [busy, setBusy] = useState(false);
  const valid = /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= MAX_MOVE_COUNT;

  const move = async (direction: 'postpone' | 'advance') => {
    if (!valid) return;
    setBusy(true);
    try {
      const answer = await moveReviews(direction, Number(count), crypto.randomUUID());
      toast.success(t(`profile.workload.${direction}Done`, { count: answer.moved.length }));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.workload.moveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      id="profile-review-move"
      testId="profile-review-move"
      title={t('profile.workload.moveTitle')}
      description={t('profile.workload.moveDescription')}
    >
      <div className={form.form}>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-count`}>
            {t('profile.workload.count')}
          </label>
          <input
            id={`${id}-count`}
            className={form.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_MOVE_COUNT}
            value={count}
            aria-invalid={!valid}
            aria-describedby={`${id}-count-hint`}
            onChange={(event) => setCount(event.target.value)}
            data-testid="review-move-count"
          />
          <p id={`${id}-count-hint`} className={valid ? form.hint : form.error}>
            {t('profile.review.range', { min: 1, max: MAX_MOVE_COUNT })}
          </p>
        </div>
        <div className={form.actions}>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            disabled={busy || !valid}
            onClick={() => void move('postpone')}
            data-testid="review-postpone"
          >
            {t('profile.workload.postpone')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            disabled={busy || !valid}
            onClick={() => void move('advance')}
            data-testid="review-advance"
          >
            {t('profile.workload.advance')}
          </button>
        </div>
      </div>
    </Card>
  );
}
