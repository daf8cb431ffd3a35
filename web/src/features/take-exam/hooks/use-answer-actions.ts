import { useTranslation } from 'react-i18next';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { yesNoValue } from '#shared/domain/answer-check.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { nextMove, questionRules } from '../utils/runner-machine.js';
import { isBlank } from '../utils/session-record.js';
import type { RunnerSession } from './use-runner-session.js';

/**
 * Answering the question on screen: Next (which commits the answer for a signed-in user; on the
 * last question it finishes the sitting; utils/runner-machine decides), Skip, Submit, the
 * self-graded Pass and Fail, and overruling the shown verdict.
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
  const { record, dispatch, currentQuestion, view, answer, isLast, index, goTo } = session;

  /** The move after this question: the next one, or on the last the end of the sitting. */
  const advance = () => {
    if (!isLast) return goTo(index + 1);
    dispatch({ type: 'complete' });
    setTimeout(finish, 0); // the last question's finish ends the sitting (after the commit has rendered)
  };

  const next = () => {
    if (!currentQuestion || !view) return;
    if (!signedIn) return isLast ? undefined : goTo(index + 1);
    const rules = questionRules(view.content, view.answer, !!exam.force_answer);
    const move = nextMove(record, currentQuestion.id, rules, yesNoValue(answer) !== null, signedIn);
    if (move.kind === 'warn') {
      toast.warning(t(move.warning === 'answerYesNo' ? 'takeExam.toasts.answerYesNo' : 'takeExam.toasts.enterAnswer'));
      return;
    }
    if (move.kind === 'commit') dispatch({ type: 'commit', questionId: currentQuestion.id });
    advance();
  };

  /** Skip (D293): on without answering; the question stays unanswered and is counted so. */
  const skip = () => {
    if (!currentQuestion) return;
    if (signedIn || !isLast) advance();
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

  return { next, skip, selfGrade, submitAnswer, overrule };
}
