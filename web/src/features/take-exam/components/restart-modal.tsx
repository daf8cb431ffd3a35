import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';

/** Asks before the session starts over at the first question (answers and time cleared; saved results stay). */
export function RestartModal({ open, onClose, onConfirm }: { open: boolean; onClose(): void; onConfirm(): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={open}
      title={t('takeExam.restart.title')}
      confirmLabel={t('takeExam.restart.confirm')}
      cancelLabel={t('takeExam.restart.cancel')}
      closeLabel={t('app.close')}
      tone="danger"
      onClose={onClose}
      onConfirm={onConfirm}
      testId="restart-modal"
    >
      <p>{t('takeExam.restart.body')}</p>
    </ConfirmModal>
  );
}
