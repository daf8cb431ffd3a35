import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { orderQuestions, resortRemaining, type QuestionStat } from '#shared/domain/question-order.js';
import { useToast, type ToastApi } from '../../../components/ui/toast/toast-context.js';
import { getExamResult } from '../api/get-exam-result.js';
import type { SessionAction, SessionRecord } from '../utils/session-record.js';
import type { TakeExamParams } from './use-take-exam-params.js';

type Dispatch = (action: SessionAction) => void;

interface SyncInput {
  record: SessionRecord;
  dispatch: Dispatch;
  questions: readonly ExamQuestion[];
  params: TakeExamParams;
  /** The caller's statistics, once they have arrived (undefined before, and for visitors). */
  stats: ReadonlyMap<string, QuestionStat> | undefined;
  requireLogin: () => boolean;
}

/**
 * What keeps the session record in step with the world: statistics arriving (re-sort),
 * restart=true (once), continue=true&result_id (the earlier answers), and questions added or
 * deleted. Returns `jumpTo`, which shows a question as soon as it is in the order.
 */
export function useSessionSync({
  record,
  dispatch,
  questions,
  params,
  stats,
  requireLogin,
}: SyncInput): (questionId: string) => void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const latest = useRef(record);
  latest.current = record;

  useStatisticsResort({ stats, params, latest, dispatch });
  useRestartOnce({ params, navigate, toast, t });
  useContinueFromResult({ params, requireLogin, dispatch, toast, t });
  useOrderFollowsQuestions({ questions, latest, dispatch });
  return useJumpTo(record, dispatch);
}

/**
 * Statistics, once per page: an untouched session takes the whole statistics order from its
 * first question; one in progress keeps everything up to the current question in place.
 * Statistics already there when the session began have given it its order.
 */
function useStatisticsResort({
  stats,
  params,
  latest,
  dispatch,
}: Pick<SyncInput, 'stats' | 'params' | 'dispatch'> & { latest: RefObject<SessionRecord> }) {
  const resorted = useRef(stats !== undefined);
  useEffect(() => {
    if (!stats || resorted.current || params.order.length > 0) return;
    resorted.current = true;
    const current = latest.current;
    const untouched =
      current.currentQuestionIndex === 0 &&
      current.answeredQuestions.length === 0 &&
      Object.keys(current.answers).length === 0;
    if (untouched) {
      const ordered = orderQuestions(
        current.questionOrder.map((id) => ({ id })),
        { stats },
      ).map((question) => question.id);
      dispatch({ type: 'setOrder', order: ordered });
      dispatch({ type: 'goTo', index: 0, now: Date.now() });
      return;
    }
    dispatch({ type: 'setOrder', order: resortRemaining(current.questionOrder, current.currentQuestionIndex, stats) });
  }, [stats, params.order.length, dispatch, latest]);
}

interface NoticeDeps {
  toast: ToastApi;
  t: TFunction;
}

/** restart=true applies once: it leaves the address so a reload continues instead. */
function useRestartOnce({
  params,
  navigate,
  toast,
  t,
}: Pick<SyncInput, 'params'> & NoticeDeps & { navigate: NavigateFunction }) {
  const restarted = useRef(false);
  useEffect(() => {
    if (!params.restart || restarted.current) return;
    restarted.current = true;
    const next = new URLSearchParams(params.search);
    next.delete('restart');
    navigate({ search: next.toString() }, { replace: true });
    toast.info(t('takeExam.toasts.restarted'));
  }, [params.restart, params.search, navigate, toast, t]);
}

/** continue=true&result_id: the earlier result's answers count as given and saved. */
function useContinueFromResult({
  params,
  requireLogin,
  dispatch,
  toast,
  t,
}: Pick<SyncInput, 'params' | 'requireLogin' | 'dispatch'> & NoticeDeps) {
  const continued = useRef<string | null>(null);
  useEffect(() => {
    const resultId = params.continueResultId;
    if (!resultId || continued.current === resultId) return;
    continued.current = resultId;
    if (!requireLogin()) return;
    getExamResult(resultId)
      .then((result) => {
        const details = (result.details ?? []).map((detail) => ({
          question_id: detail.question_id,
          answer: detail.answer,
        }));
        dispatch({ type: 'continueFrom', resultId: result.id, details });
        toast.info(t('takeExam.toasts.continued'));
      })
      .catch(() => toast.error(t('takeExam.toasts.continueFailed')));
  }, [params.continueResultId, requireLogin, dispatch, toast, t]);
}

/** Questions added or deleted (here or elsewhere) join or leave the taking order. */
function useOrderFollowsQuestions({
  questions,
  latest,
  dispatch,
}: Pick<SyncInput, 'questions' | 'dispatch'> & { latest: RefObject<SessionRecord> }) {
  useEffect(() => {
    const order = latest.current.questionOrder;
    const ids = new Set(questions.map((question) => question.id));
    for (const question of questions)
      if (!order.includes(question.id)) dispatch({ type: 'addQuestion', questionId: question.id });
    for (const id of order) if (!ids.has(id)) dispatch({ type: 'removeQuestion', questionId: id });
  }, [questions, dispatch, latest]);
}

/** `jumpTo(questionId)`: that question shows as soon as it is in the order (a question just added may not be yet). */
function useJumpTo(record: SessionRecord, dispatch: Dispatch): (questionId: string) => void {
  const [jumpTo, setJumpTo] = useState<string | null>(null);
  useEffect(() => {
    if (!jumpTo) return;
    const at = record.questionOrder.indexOf(jumpTo);
    if (at < 0) return;
    dispatch({ type: 'goTo', index: at, now: Date.now() });
    setJumpTo(null);
  }, [jumpTo, record.questionOrder, dispatch]);
  return setJumpTo;
}
