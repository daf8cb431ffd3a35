import { useTranslation } from 'react-i18next';
import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { orderQuestions } from '#shared/domain/question-order.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import type { RunnerSession } from './use-runner-session.js';
import type { TakeExamParams } from './use-take-exam-params.js';

interface StartOverInput {
  questions: ExamQuestion[];
  params: TakeExamParams;
  signedIn: boolean;
  session: RunnerSession;
  onDone: () => void;
}

/**
 * Start over (D296): the answers so far are counted first — the server's sitting is closed, or a
 * sitting kept only in this tab is saved — then the first question again. Nothing is cleared when
 * counting fails.
 */
export function useStartOver({ questions, params, signedIn, session, onDone }: StartOverInput) {
  const { t } = useTranslation();
  const toast = useToast();
  return async () => {
    try {
      if (session.sitting.enabled) await session.sitting.startOver();
      else if (signedIn) await session.save();
    } catch {
      toast.error(t('takeExam.toasts.restartFailed'));
      return;
    }
    session.dispatch({
      type: 'restart',
      order: orderQuestions(questions, { order: params.order, stats: session.statsById }).map(
        (question) => question.id,
      ),
      now: Date.now(),
    });
    onDone();
    toast.info(t('takeExam.toasts.restarted'));
  };
}
