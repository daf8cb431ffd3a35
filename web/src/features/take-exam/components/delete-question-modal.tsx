import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';

interface DeleteQuestionModalProps {
  open: boolean;
  /** The question's title, named in the question asked. */
  title: string;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** Asks before the question on screen is deleted from the exam. */
export function DeleteQuestionModal({ open, title, pending, onClose, onConfirm }: DeleteQuestionModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={open}
      title={t('takeExam.remove.title')}
      confirmLabel={t('takeExam.remove.confirm')}
      cancelLabel={t('takeExam.remove.cancel')}
      closeLabel={t('app.close')}
      tone="danger"
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
      testId="delete-question-modal"
    >
      <p>{t('takeExam.remove.body', { title })}</p>
    </ConfirmModal>
  );
}
