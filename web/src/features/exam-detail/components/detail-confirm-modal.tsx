import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import type { Confirmation } from '../hooks/use-confirmation.js';

/** The screen's confirm modal: asks `confirmation`, then closes and runs it. */
export function DetailConfirmModal({
  confirmation,
  pending,
  onClose,
}: {
  confirmation: Confirmation | null;
  pending: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={!!confirmation}
      title={confirmation?.title ?? ''}
      confirmLabel={confirmation?.confirmLabel ?? ''}
      cancelLabel={t('examDetail.common.cancel')}
      closeLabel={t('examDetail.common.close')}
      tone={confirmation?.tone}
      pending={pending}
      onClose={onClose}
      onConfirm={() => {
        const action = confirmation;
        onClose();
        void action?.run();
      }}
      testId="detail-confirm"
    >
      <p>{confirmation?.message}</p>
    </ConfirmModal>
  );
}
