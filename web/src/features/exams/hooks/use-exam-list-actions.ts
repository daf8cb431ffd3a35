import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { useToast, type ToastApi } from '../../../components/ui/toast/toast-context.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { toggled } from '../../../lib/selection.js';
import { changeSubscriptions } from '../api/change-subscriptions.js';
import { createWrongQuestionsExam } from '../api/create-wrong-questions-exam.js';
import { deleteExam, deleteExams } from '../api/delete-exam.js';
import { retakeExam } from '../api/retake-exam.js';
import { toggleOriginal } from '../api/toggle-original.js';
import type { ExamAction } from '../components/exam-item.js';
import { canDeleteExam } from '../utils/exam-permissions.js';
import { subscriptionPlan, type SubscriptionPlan } from '../utils/subscriptions.js';
import type { ExamList } from './use-exam-list.js';

/** What the exam list asks the user to confirm before it acts. */
export type Confirm =
  | { kind: 'delete'; exam: Exam }
  | { kind: 'bulkDelete'; exams: Exam[]; skipped: number }
  | { kind: 'toggleOriginal'; exam: Exam }
  | null;

interface Feedback {
  toast: ToastApi;
  t: TFunction;
}

/** docs/product.md#exam-management: a mixed selection is two calls — subscribe the unsubscribed, unsubscribe the subscribed. */
async function applySubscriptionPlan(plan: SubscriptionPlan, { toast, t }: Feedback): Promise<void> {
  if (plan.subscribe.length > 0) {
    try {
      const answer = await changeSubscriptions(plan.subscribe, 'subscribe');
      toast.success(t('exams.actions.subscribed', { count: answer.changed.length }));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('exams.actions.subscribeFailed')));
    }
  }
  if (plan.unsubscribe.length > 0) {
    try {
      const answer = await changeSubscriptions(plan.unsubscribe, 'unsubscribe');
      toast.success(t('exams.actions.unsubscribed', { count: answer.changed.length }));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('exams.actions.unsubscribeFailed')));
    }
  }
}

/**
 * Carries out a confirmed action and reports it. Answers which selected ids to drop:
 * one exam's id, every id ('all'), or none.
 */
async function runConfirmed(current: NonNullable<Confirm>, { toast, t }: Feedback): Promise<string | 'all' | null> {
  if (current.kind === 'delete') {
    try {
      const answer = await deleteExam(current.exam.id);
      toast.success(answer.message || t('exams.actions.deleted'));
      return current.exam.id;
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('exams.actions.deleteFailed')));
      return null;
    }
  }
  if (current.kind === 'bulkDelete') {
    const { done, failed } = await deleteExams(current.exams.map((exam) => exam.id));
    if (done > 0) toast.success(t('exams.actions.bulkDeleted', { count: done }));
    if (failed > 0) toast.error(t('exams.actions.bulkDeleteFailed', { count: failed }));
    return 'all';
  }
  try {
    const answer = await toggleOriginal(current.exam.id);
    toast.success(t(answer.is_original ? 'exams.actions.toggledToOriginal' : 'exams.actions.toggledToCopy'));
  } catch (error) {
    toast.error(serverDetailOr(error, t, t('exams.actions.toggleOriginalFailed')));
  }
  return null;
}

/** A new version of the exam (retake) or an exam of its wrong questions, reported; a retake opens at once. */
async function makeExamFrom(
  action: 'retake' | 'wrongQuestions',
  exam: Exam,
  { toast, t }: Feedback,
  navigate: NavigateFunction,
): Promise<void> {
  try {
    const answer = action === 'retake' ? await retakeExam(exam.id) : await createWrongQuestionsExam(exam.id);
    toast.success(answer.message); // names the version made ("New version (v2) created")
    // Retake is for taking it again: the new version opens at once.
    if (action === 'retake') navigate(`/take-exam/${answer.id}?returnTo=exam-management`);
  } catch (error) {
    toast.error(
      serverDetailOr(
        error,
        t,
        t(action === 'retake' ? 'exams.actions.retakeFailed' : 'exams.actions.wrongQuestionsFailed'),
      ),
    );
  }
}

/** The selected exams: picked one by one or all shown, and cleared whenever the list's filters change. */
function useExamSelection({ scope, search, tagIds, shown, byId }: ExamList, user: AuthUser | null) {
  const [selected, setSelected] = useState<Set<string>>(new Set());

  // A selection never outlives the list it was made in.
  useEffect(() => setSelected(new Set()), [scope, search, tagIds]);

  const toggleSelect = (id: string) => setSelected((current) => toggled(current, id));
  const selectAll = (all: boolean) => setSelected(new Set(all ? shown.map((exam) => exam.id) : []));
  const selectedExams = [...selected].map((id) => byId.get(id)).filter((exam): exam is Exam => !!exam);

  return {
    selected,
    setSelected,
    toggleSelect,
    selectAll,
    selectedExams,
    allSelected: shown.length > 0 && shown.every((exam) => selected.has(exam.id)),
    canDeleteSelected: selectedExams.some((exam) => canDeleteExam(exam, user)),
  };
}

/** The list's busy flag: `run` does a piece of work with the list busy. */
function useBusyFlag() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * What the user does to the listed exams: one exam's actions (retake, wrong-questions exam,
 * delete, original/copy), the selection and its bulk actions, and the confirmation they wait for.
 * A visitor's action sends them to log in.
 */
export function useExamListActions(list: ExamList, user: AuthUser | null) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { selected, setSelected, toggleSelect, selectAll, selectedExams, allSelected, canDeleteSelected } =
    useExamSelection(list, user);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { busy, run } = useBusyFlag();
  const plan = subscriptionPlan(selectedExams);

  const toLogin = () => navigate(loginPathFor(`${location.pathname}${location.search}`));

  const onAction = (action: ExamAction, exam: Exam) => {
    if (!user) {
      toLogin();
      return;
    }
    if (action === 'delete') return setConfirm({ kind: 'delete', exam });
    if (action === 'toggleOriginal') return setConfirm({ kind: 'toggleOriginal', exam });
    void run(() => makeExamFrom(action, exam, { toast, t }, navigate));
  };

  const changeSubscription = () => {
    if (plan.mode === 'none') return toast.warning(t('exams.actions.noneSelected'));
    void run(async () => {
      await applySubscriptionPlan(plan, { toast, t });
      setSelected(new Set());
    });
  };

  const askBulkDelete = () => {
    const deletable = selectedExams.filter((exam) => canDeleteExam(exam, user));
    setConfirm({ kind: 'bulkDelete', exams: deletable, skipped: selectedExams.length - deletable.length });
  };

  const confirmAction = () => {
    const current = confirm;
    if (!current) return;
    void run(async () => {
      const dropped = await runConfirmed(current, { toast, t });
      if (dropped === 'all') setSelected(new Set());
      else if (dropped) setSelected((ids) => new Set([...ids].filter((id) => id !== dropped)));
      setConfirm(null);
    });
  };

  return {
    toLogin,
    selected,
    toggleSelect,
    selectAll,
    allSelected,
    plan,
    canDeleteSelected,
    busy,
    onAction,
    changeSubscription,
    askBulkDelete,
    confirm,
    dismissConfirm: () => setConfirm(null),
    confirmAction,
  };
}
