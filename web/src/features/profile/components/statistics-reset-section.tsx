import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_WORDS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { TypedConfirmModal } from '../../../components/ui/modal/typed-confirm-modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';

/** docs/product.md#limits: the page reloads 1.5 s after a reset. */
const RELOAD_AFTER_RESET_MS = 1500;

interface Props {
  /** POST /api/user-statistics/reset/ {user_id}. */
  onReset: () => Promise<void>;
}

/** Statistics reset behind a RESET confirmation (docs/product.md#profile). */
export function StatisticsResetSection({ onReset }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onReset();
      setOpen(false);
      toast.success(t('profile.statistics.done'));
      setTimeout(() => window.location.reload(), RELOAD_AFTER_RESET_MS);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.statistics.failed')));
      setPending(false);
    }
  };

  return (
    <Card
      id="profile-statistics"
      testId="profile-statistics"
      title={t('profile.statistics.title')}
      description={t('profile.statistics.description')}
    >
      <button type="button" className={`${button.button} ${button.dangerOutline}`} onClick={() => setOpen(true)}>
        {t('profile.statistics.button')}
      </button>
      <TypedConfirmModal
        open={open}
        testId="statistics-reset-modal"
        title={t('profile.statistics.modalTitle')}
        word={CONFIRM_WORDS.reset}
        inputLabel={t('profile.statistics.inputLabel')}
        confirmLabel={t('profile.statistics.confirm')}
        cancelLabel={t('profile.cancel')}
        closeLabel={t('app.close')}
        pending={pending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <p>{t('profile.statistics.modalBody', { word: CONFIRM_WORDS.reset })}</p>
      </TypedConfirmModal>
    </Card>
  );
}
