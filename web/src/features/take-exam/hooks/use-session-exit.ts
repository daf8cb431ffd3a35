import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Exam, ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import type { OfflineDb } from '../../../lib/offline/offline-db.js';
import { getExamResult } from '../api/get-exam-result.js';
import { returnAddress } from '../utils/return-address.js';
import { withAllDetails } from '../../results/index.js';
import { retryMissedPath, sessionSummary, summaryPath, summaryState } from '../utils/session-summary.js';
import { useOfflineEnd } from './use-offline-end.js';
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
  /** The offline store holding this exam, or null (End then needs the connection). */
  offline: OfflineDb | null;
}

/** Save (the answers so far, the session goes on) and End (save, then the sitting's summary, with the way back). */
export function useSessionExit({
  exam,
  questions,
  params,
  signedIn,
  language,
  session,
  requireLogin,
  offline,
}: SessionExitInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { record, dispatch, forget, save, sitting } = session;
  const endOffline = useOfflineEnd({
    exam,
    questions,
    search: params.search,
    language,
    session,
    db: offline,
  });
  // A sitting of its own only: one adding to an earlier result (continue mode) waits for the connection.
  const canEndOffline = !!offline && !record.previousResultId;

  const onSave = async () => {
    if (!requireLogin()) return;
    try {
      await sitting.catchUp(); // what another tab saved is not sent again
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
    if (canEndOffline && !navigator.onLine) return endOffline(record.pendingSubmission, target);
    try {
      await sitting.catchUp();
      const outcome = await save();
      await sitting.finish(); // the sitting is over: no tab continues it
      // Nothing new to send: the summary is of the result saved earlier in this session, if any.
      // The summary lists every answer: a saved result's further pages of details are read first (D197).
      const result = outcome.result
        ? await withAllDetails(outcome.result).catch(() => outcome.result)
        : record.previousResultId
          ? await getExamResult(record.previousResultId).catch(() => null)
          : null;
      dispatch({ type: 'complete' });
      forget();
      if (!result) return void navigate(target);
      // Every sitting ends on the same summary, with the way back to where it was started.
      const summary = sessionSummary(result, questions, language);
      const missed = summary.entries.filter((entry) => !entry.correct).map((entry) => entry.questionId);
      navigate(summaryPath(result.id, target, retryMissedPath(exam.id, missed, params.search)), {
        state: summaryState(summary),
      });
    } catch (error) {
      // The connection went while saving: the save cut off goes to the outbox with its own id.
      if (canEndOffline && error instanceof ApiError && error.status === 0)
        return endOffline(session.underway() ?? record.pendingSubmission, target);
      toast.error(t('takeExam.toasts.exitFailed'));
      navigate('/exam-management');
    }
  };

  return { onSave, onEnd };
}
