import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { clozeNumbers, hasCloze } from '#shared/domain/cloze.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { addQuestion, type QuestionFormBody } from '../api/add-question.js';
import { deleteQuestion } from '../api/delete-question.js';
import { updateQuestion } from '../api/update-question.js';

export type FormMode = 'edit' | 'add' | null;

/**
 * Edit, add and delete of questions (site admin, exam creator or study admin: the exam's
 * user_permissions.can_edit; the server checks again). Each failure has its own toast.
 */
export function useQuestionEditor(input: {
  examId: string;
  initialMode: FormMode;
  onAdded: (questionId: string) => void;
  onDeleted: (questionId: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [formMode, setFormMode] = useState<FormMode>(input.initialMode);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const { examId, onAdded, onDeleted } = input;

  const submitForm = useCallback(
    async (body: QuestionFormBody, questionId: string | null) => {
      const mode = formMode;
      setPending(true);
      try {
        if (mode === 'edit' && questionId) {
          await updateQuestion(examId, questionId, body);
          toast.success(t('takeExam.form.saved'));
          setFormMode(null);
        } else if (mode === 'add') {
          // A cloze note is one card per gap number (D370), added one after the other.
          const numbers = hasCloze(body.content) ? clozeNumbers(body.content) : [undefined];
          let first: string | null = null;
          for (const cloze of numbers) {
            const created = await addQuestion(examId, cloze === undefined ? body : { ...body, cloze });
            first ??= created.id;
          }
          toast.success(t('takeExam.form.added'));
          setFormMode(null);
          if (first) onAdded(first);
        }
      } catch (error) {
        toast.error(
          serverDetailOr(error, t, t(mode === 'edit' ? 'takeExam.form.editFailed' : 'takeExam.form.addFailed')),
        );
      } finally {
        setPending(false);
      }
    },
    [formMode, examId, onAdded, toast, t],
  );

  const confirmDelete = useCallback(
    async (questionId: string) => {
      setPending(true);
      try {
        await deleteQuestion(examId, questionId);
        toast.success(t('takeExam.remove.deleted'));
        setDeleting(false);
        onDeleted(questionId);
      } catch (error) {
        toast.error(serverDetailOr(error, t, t('takeExam.remove.failed')));
      } finally {
        setPending(false);
      }
    },
    [examId, onDeleted, toast, t],
  );

  return { formMode, setFormMode, deleting, setDeleting, pending, submitForm, confirmDelete };
}
