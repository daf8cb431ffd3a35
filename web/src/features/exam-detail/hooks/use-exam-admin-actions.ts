import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { deleteExam } from '../api/delete-exam.js';
import { downloadConnectedFile } from '../api/download-connected-file.js';
import type { RunBusy } from './use-busy-runner.js';
import type { AskConfirmation } from './use-confirmation.js';

/** The exam-wide actions: delete the exam (after a confirm), download its connected file. */
export function useExamAdminActions(title: string, run: RunBusy, ask: AskConfirmation) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();

  const removeExam = (target: Exam) =>
    ask({
      title: t('examDetail.confirm.deleteExamTitle'),
      message: t('examDetail.confirm.deleteExam', { title }),
      confirmLabel: t('examDetail.confirm.delete'),
      tone: 'danger',
      run: () =>
        run(async () => {
          await deleteExam(target.id);
          toast.success(t('examDetail.toasts.examDeleted'));
          navigate('/exam-management');
        }, 'examDetail.errors.deleteExamFailed'),
    });

  const download = (fileName: string) =>
    void downloadConnectedFile(fileName).catch((error: unknown) =>
      toast.error(serverDetailOr(error, t, t('examDetail.errors.downloadFailed'))),
    );

  return { removeExam, download };
}
