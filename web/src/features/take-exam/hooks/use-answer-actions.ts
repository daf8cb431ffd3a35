import { useTranslation } from 'react-i18next';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { yesNoValue } from '#shared/domain/answer-check.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { canGoNext, isBlank } from '../utils/session-record.js';
import type { RunnerSession } from './use-runner-session.js';

/**
 * Answering the question on screen: Next (which commits the answer for a signed-in user; on the
 * last question it finishes the sitting), Submit, the self-graded Pass and Fail, and overruling
 * the shown verdict.
 */
export function useAnswerActions(
  exam: Exam,
  signedIn: boolean,
  session: RunnerSession,
  requireLogin: () => boolean,
  finish: () => void,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const { record, dispatch, currentQuestion, view, answer, solved, isLast, index, goTo } = session;

  const next = () => {
    if (!currentQuestion || !view) return;
    if (signedIn) {
      const id = currentQuestion.id;
      const isYesNoQuestion = yesNoValue(view.answer) !== null;
      if (exam.force_answer && !record.answeredQuestions.includes(id)) {
        toast.warning(t('takeExam.toasts.enterAnswer'));
        return;
      }
      if (!canGoNext({ answer, solved, isYesNoQuestion, answerIsYesNo: yesNoValue(answer) !== null })) {
        toast.warning(
          t(isYesNoQuestion && !isBlank(answer) ? 'takeExam.toasts.answerYesNo' : 'takeExam.toasts.enterAnswer'),
        );
        return;
      }
      dispatch({ type: 'commit', questionId: id });
      if (isLast) {
        dispatch({ type: 'complete' });
        setTimeout(finish, 0); // the last question's finish ends the sitting (after the commit has rendered)
        return;
      }
    } else if (isLast) {
      return;
    }
    goTo(index + 1);
  };

  const selfGrade = (pass: boolean) => {
    if (!currentQuestion || !view || !requireLogin()) return false;
    dispatch({ type: 'selfGrade', questionId: currentQuestion.id, pass, correctAnswer: view.answer });
    return true;
  };

  /** Commits the answer on screen, or `value` (a true/false pick) in its place. */
  const submitAnswer = (value?: string) => {
    if (!currentQuestion || !requireLogin()) return false;
    if (isBlank(value ?? answer)) {
      toast.warning(t('takeExam.toasts.enterAnswer'));
      return false;
    }
    if (value !== undefined) dispatch({ type: 'setAnswer', questionId: currentQuestion.id, answer: value });
    dispatch({ type: 'commit', questionId: currentQuestion.id });
    return true;
  };

  const overrule = (verdict: 'correct' | 'wrong' | null) => {
    if (!currentQuestion || !requireLogin()) return;
    dispatch({ type: 'overrule', questionId: currentQuestion.id, verdict });
  };

  return { next, selfGrade, submitAnswer, overrule };
}
