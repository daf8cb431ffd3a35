import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import type { Confirm } from '../hooks/use-exam-list-actions.js';
import { examTitle } from './exam-item.js';
import styles from './exams.module.css';

interface ExamConfirmModalProps {
  confirm: Confirm;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** The question the list asks before it deletes an exam or the selection, or turns an exam into an original or a copy. */
export function ExamConfirmModal({ confirm, pending, onClose, onConfirm }: ExamConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={confirm !== null}
      title={
        confirm?.kind === 'bulkDelete'
          ? t('exams.actions.bulkDeleteTitle')
          : confirm?.kind === 'toggleOriginal'
            ? t('exams.actions.toggleOriginalTitle')
            : t('exams.actions.deleteTitle')
      }
      confirmLabel={
        confirm?.kind === 'toggleOriginal' ? t('exams.actions.toggleOriginalConfirm') : t('exams.actions.deleteConfirm')
      }
      cancelLabel={t('exams.actions.cancel')}
      closeLabel={t('app.close')}
      tone={confirm?.kind === 'toggleOriginal' ? 'primary' : 'danger'}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
      testId="exam-confirm-modal"
    >
      {confirm?.kind === 'delete' && (
        <p>{t('exams.actions.deleteBody', { title: examTitle(confirm.exam, t('exams.list.untitled')) })}</p>
      )}
      {confirm?.kind === 'bulkDelete' && (
        <>
          <p>{t('exams.actions.bulkDeleteBody', { count: confirm.exams.length })}</p>
          {confirm.skipped > 0 && (
            <p className={styles.muted}>{t('exams.actions.bulkDeleteSkipped', { count: confirm.skipped })}</p>
          )}
        </>
      )}
      {confirm?.kind === 'toggleOriginal' && (
        <p>
          {t(
            confirm.exam.is_original ? 'exams.actions.toggleOriginalToCopy' : 'exams.actions.toggleOriginalToOriginal',
            {
              title: examTitle(confirm.exam, t('exams.list.untitled')),
            },
          )}
        </p>
      )}
    </ConfirmModal>
  );
}
