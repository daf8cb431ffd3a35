import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import type { RunnerSession } from './use-runner-session.js';

/**
 * Answering the question on screen: Next (which commits the answer for a signed-in user; on the
 * last question it finishes the sitting; utils/runner-machine decides), Skip, Submit, the
 * self-graded Pass and Fail, and overruling the shown verdict.
 */
export function useAnswerActions(
  signedIn: boolean,
  session: RunnerSession,
  requireLogin: () => boolean,
  finish: () => void,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const { dispatch, currentQuestion, view, isLast, run } = session;

  /** Next or Skip through the runner's reducer: a warning is told; the last question's move ends the sitting. */
  const move = (event: 'next' | 'skip') => {
    const after = run({ type: event });
    if (after.warning)
      toast.warning(t(after.warning === 'answerYesNo' ? 'takeExam.toasts.answerYesNo' : 'takeExam.toasts.enterAnswer'));
    else if (after.finished) setTimeout(finish, 0); // after the commit has rendered
  };

  const next = () => {
    if (!currentQuestion || !view) return;
    // Signed out, nothing is kept: the last question's Next has nowhere to go.
    if (signedIn || !isLast) move('next');
  };

  /** Skip (D293): on without answering; the question stays unanswered and is counted so. */
  const skip = () => {
    if (!currentQuestion) return;
    if (signedIn || !isLast) move('skip');
  };

  /** The answer entry's value; a changed answer has no verdict until submitted again. */
  const change = (value: string) => {
    if (currentQuestion) run({ type: 'answer', text: value });
  };

  /** Submits the answer on screen, or `value` (a true/false pick) in its place. */
  const submitAnswer = (value?: string) => {
    if (!currentQuestion || !requireLogin()) return;
    run({ type: 'submit', value });
  };

  /** The card's O / X (buttons and keys): self-grading, or a Y/N question's true / false. */
  const grade = (pass: boolean) => {
    if (!currentQuestion || !requireLogin()) return;
    run({ type: 'grade', pass });
  };

  /** » : the last question. */
  const last = () => {
    if (currentQuestion) run({ type: 'last' });
  };

  /** Voice mode's O / X: graded, its verdict shown by the grade itself. */
  const selfGrade = (pass: boolean) => {
    if (!currentQuestion || !view || !requireLogin()) return false;
    dispatch({ type: 'selfGrade', questionId: currentQuestion.id, pass, correctAnswer: view.answer });
    return true;
  };

  const overrule = (verdict: 'correct' | 'wrong' | null) => {
    if (!currentQuestion || !requireLogin()) return;
    dispatch({ type: 'overrule', questionId: currentQuestion.id, verdict });
  };

  return { next, skip, change, submitAnswer, grade, last, selfGrade, overrule };
}
