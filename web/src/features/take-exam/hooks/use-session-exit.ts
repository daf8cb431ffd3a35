import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Exam, ExamQuestion } from '#shared/contracts/exams.js';
import type { Language } from '#shared/domain/language.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { getExamResult } from '../api/get-exam-result.js';
import { returnAddress } from '../utils/return-address.js';
import { sessionSummary, summaryState } from '../utils/session-summary.js';
import type { RunnerSession } from './use-runner-session.js';
import type { TakeExamParams } from './use-take-exam-params.js';

interface SessionExitInput {
  exam: Exam;
  questions: ExamQuestion[];
  params: TakeExamParams;
  signedIn: boolean;
  language: Language;
  session: RunnerSession;
  requireLogin: () => boolean;
}

/** Save (the answers so far, the session goes on) and End (save, then leave with the session's summary). */
export function useSessionExit({
  exam,
  questions,
  params,
  signedIn,
  language,
  session,
  requireLogin,
}: SessionExitInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { record, dispatch, forget, save } = session;

  const onSave = async () => {
    if (!requireLogin()) return;
    try {
      const outcome = await save();
      dispatch({ type: 'complete' });
      toast.success(t(outcome.kind === 'saved' ? 'takeExam.toasts.saved' : 'takeExam.toasts.nothingToSave'));
    } catch {
      toast.error(t('takeExam.toasts.saveFailed'));
    }
  };

  const onEnd = async () => {
    const target = returnAddress({
      search: params.search,
      examId: exam.id,
      examTitles: [exam.title, exam.title_ko, exam.title_en],
    });
    if (!signedIn) {
      navigate(target);
      return;
    }
    try {
      const outcome = await save();
      // Nothing new to send: the summary is of the result saved earlier in this session, if any.
      const result =
        outcome.result ??
        (record.previousResultId ? await getExamResult(record.previousResultId).catch(() => null) : null);
      dispatch({ type: 'complete' });
      forget();
      navigate(target, { state: result ? summaryState(sessionSummary(result, questions, language)) : null });
    } catch {
      toast.error(t('takeExam.toasts.exitFailed'));
      navigate('/exam-management');
    }
  };

  return { onSave, onEnd };
}
