import type { TFunction } from 'i18next';
import type { Exam } from '#shared/contracts/exams.js';
import type { ToastApi } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { changeSubscriptions } from '../api/change-subscriptions.js';
import { deleteExam, deleteExams } from '../api/delete-exam.js';
import { toggleOriginal } from '../api/toggle-original.js';
import type { subscriptionPlan } from '../utils/subscriptions.js';

/** What the exam list asks the user to confirm before it acts. */
export type Confirm = { kind: 'delete'; exam: Exam } | { kind: 'bulkDelete'; exams: Exam[]; skipped: number } | { kind: 'toggleOriginal'; exam: Exam } | null;

interface Feedback {
  toast: ToastApi;
  t: TFunction;
}

/** Spec 3 §7: a mixed selection is two calls — subscribe the unsubscribed, unsubscribe the subscribed. */
export async function applySubscriptionPlan(plan: ReturnType<typeof subscriptionPlan>, { toast, t }: Feedback): Promise<void> {
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
export async function runConfirmed(current: NonNullable<Confirm>, { toast, t }: Feedback): Promise<string | 'all' | null> {
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
