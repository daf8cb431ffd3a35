import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/domain/language.js';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import type { StudyDetailConfirm } from '../hooks/use-study-detail-actions.js';
import { taskName } from '../utils/study-view.js';

interface StudyDetailConfirmModalProps {
  confirm: StudyDetailConfirm;
  /** The study's title, named when leaving. */
  title: string;
  language: Language;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** The question the study detail asks before it deletes a task or the ticked ones, or leaves the study. */
export function StudyDetailConfirmModal({
  confirm,
  title,
  language,
  pending,
  onClose,
  onConfirm,
}: StudyDetailConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={confirm !== null}
      title={
        confirm?.kind === 'leave'
          ? t('studies.actions.leaveTitle')
          : confirm?.kind === 'tasks'
            ? t('studies.tasks.bulkDeleteTitle')
            : t('studies.tasks.deleteTitle')
      }
      confirmLabel={confirm?.kind === 'leave' ? t('studies.actions.leaveConfirm') : t('studies.tasks.delete')}
      cancelLabel={t('studies.actions.cancel')}
      closeLabel={t('app.close')}
      tone="danger"
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
      testId="study-detail-confirm"
    >
      {confirm?.kind === 'leave' && <p>{t('studies.actions.leaveBody', { title })}</p>}
      {confirm?.kind === 'tasks' && <p>{t('studies.tasks.bulkDeleteBody', { count: confirm.ids.length })}</p>}
      {confirm?.kind === 'task' && <p>{t('studies.tasks.deleteBody', { name: taskName(confirm.task, language) })}</p>}
    </ConfirmModal>
  );
}
