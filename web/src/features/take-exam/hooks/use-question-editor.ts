import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { addQuestion, deleteQuestion, updateQuestion, type QuestionFormBody } from '../api/questions.js';

export type FormMode = 'edit' | 'add' | null;

/**
 * Edit, add and delete of questions (site admin, exam creator or study admin: the exam's
 * user_permissions.can_edit; the server checks again). Each failure has its own toast.
 */
export function useQuestionEditor(input: {
  examId: string;
  initialMode: FormMode;
  onChanged: () => Promise<unknown>;
  onAdded: (questionId: string) => void;
  onDeleted: (questionId: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [formMode, setFormMode] = useState<FormMode>(input.initialMode);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const { examId, onChanged, onAdded, onDeleted } = input;

  const submitForm = useCallback(
    async (body: QuestionFormBody, questionId: string | null) => {
      const mode = formMode;
      setPending(true);
      try {
        if (mode === 'edit' && questionId) {
          await updateQuestion(examId, questionId, body);
          toast.success(t('takeExam.form.saved'));
          setFormMode(null);
          await onChanged();
        } else if (mode === 'add') {
          const created = await addQuestion(examId, body);
          toast.success(t('takeExam.form.added'));
          setFormMode(null);
          await onChanged();
          onAdded(created.id);
        }
      } catch (error) {
        toast.error(serverDetailOr(error, t, t(mode === 'edit' ? 'takeExam.form.editFailed' : 'takeExam.form.addFailed')));
      } finally {
        setPending(false);
      }
    },
    [formMode, examId, onChanged, onAdded, toast, t],
  );

  const confirmDelete = useCallback(
    async (questionId: string) => {
      setPending(true);
      try {
        await deleteQuestion(examId, questionId);
        toast.success(t('takeExam.remove.deleted'));
        setDeleting(false);
        onDeleted(questionId);
        await onChanged();
      } catch (error) {
        toast.error(serverDetailOr(error, t, t('takeExam.remove.failed')));
      } finally {
        setPending(false);
      }
    },
    [examId, onChanged, onDeleted, toast, t],
  );

  return { formMode, setFormMode, deleting, setDeleting, pending, submitForm, confirmDelete };
}
