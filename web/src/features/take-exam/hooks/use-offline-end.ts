import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Exam, ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import type { Language } from '#shared/domain/language.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { queueSitting, type QueuedSitting } from '../../../lib/offline/exam-outbox.js';
import { startExamOutbox } from '../../../lib/offline/exam-outbox-sender.js';
import type { OfflineDb } from '../../../lib/offline/offline-db.js';
import { offlineSubmission, offlineSummary } from '../utils/offline-sitting.js';
import type { PendingSubmission } from '../utils/session-record.js';
import { retryMissedPath, summaryPath, summaryState } from '../utils/session-summary.js';
import { newSubmissionId } from './use-exam-save.js';
import type { RunnerSession } from './use-runner-session.js';

interface OfflineEndInput {
  exam: Exam;
  questions: ExamQuestion[];
  search: URLSearchParams;
  language: Language;
  session: RunnerSession;
  db: OfflineDb | null;
}

/**
 * End without a connection (D437): the sitting goes to the outbox with its submission id — on disk
 * before the screen moves on — and the summary shows the device's grading, waiting to sync.
 */
export function useOfflineEnd({ exam, questions, search, language, session, db }: OfflineEndInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();

  return async (underway: PendingSubmission | null, target: string) => {
    const { record, dispatch, forget } = session;
    const submission = offlineSubmission(record, underway, newSubmissionId);
    if (db && submission.answers.length > 0) {
      const sitting: QueuedSitting = {
        submission_id: submission.submissionId,
        exam_id: exam.id,
        exam_title: examDisplayTitle(exam, language, t('takeExam.untitled')),
        answers: submission.answers,
        elapsed_seconds: submission.elapsedSeconds,
        answered_at: new Date().toISOString(),
        sitting_version: record.sittingVersion ?? 0,
        local: { correct: 0, answered: 0, total: questions.length },
      };
      const summary = offlineSummary(sitting, questions, language);
      sitting.local = { correct: summary.score, answered: summary.answered, total: summary.total };
      try {
        await queueSitting(db, sitting);
      } catch {
        toast.error(t('takeExam.toasts.saveFailed'));
        return;
      }
      if (user) void startExamOutbox(String(user.id ?? user.username));
      dispatch({ type: 'complete' });
      forget();
      const missed = summary.entries.filter((entry) => !entry.correct).map((entry) => entry.questionId);
      navigate(summaryPath(summary.resultId, target, retryMissedPath(exam.id, missed, search)), {
        state: summaryState(summary),
      });
      return;
    }
    dispatch({ type: 'complete' });
    forget();
    navigate(target);
  };
}
