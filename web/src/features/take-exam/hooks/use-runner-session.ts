import { useCallback, useMemo } from 'react';
import type { Exam, ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { questionOnScreen } from '../utils/question-on-screen.js';
import { runnerContext } from '../utils/runner-context.js';
import type { RunnerEvent } from '../utils/runner-machine.js';
import { useExamSave } from './use-exam-save.js';
import { useExamSession } from './use-exam-session.js';
import { useQuestionFlags } from './use-question-flags.js';
import { useRunnerSitting } from './use-runner-sitting.js';
import { useRunnerStatistics } from './use-runner-statistics.js';
import { useSessionSync } from './use-session-sync.js';
import type { TakeExamParams } from './use-take-exam-params.js';

interface RunnerSessionInput {
  exam: Exam;
  questions: ExamQuestion[];
  params: TakeExamParams;
  signedIn: boolean;
  language: Language;
  requireLogin: () => boolean;
}

/** Only part of the exam taken (a single question, a selection): its own record beside the whole exam's; none for the whole exam. */
function sessionScope(params: TakeExamParams): string | undefined {
  return params.questionId
    ? `q:${params.questionId}`
    : params.selected.length > 0
      ? `selected:${params.selected.join(',')}`
      : undefined;
}

/**
 * The session the runner shows: its record (ordered by the caller's statistics once they are
 * known), save, and the question on screen with its answer, verdict and flags.
 */
export function useRunnerSession({ exam, questions, params, signedIn, language, requireLogin }: RunnerSessionInput) {
  const scope = sessionScope(params);
  const { statsById, arrived, settled } = useRunnerStatistics(exam.id, signedIn);
  const { state, record, dispatch, step, forget } = useExamSession({
    examId: exam.id,
    questions,
    order: params.order,
    stats: arrived,
    restart: params.restart,
    filters: params.filters,
    scope,
  });
  const { save, saving, underway } = useExamSave(exam.id, record, dispatch);
  const sitting = useRunnerSitting({ examId: exam.id, record, dispatch, enabled: signedIn && !scope, params });
  const byId = useMemo(() => new Map(questions.map((question) => [question.id, question])), [questions]);
  const { total, index, currentQuestion, view, isLast, answer, solved } = questionOnScreen(record, byId, language);
  const flags = useQuestionFlags(exam.id, currentQuestion?.id ?? null, signedIn);

  const jumpTo = useSessionSync({ record, dispatch, questions, params, stats: arrived, requireLogin });

  /** Next, Skip, », submit, O / X and the answer typed go through utils/runner-machine's reducer. */
  const run = (event: RunnerEvent) =>
    step(event, runnerContext({ byId, language, forceAnswer: !!exam.force_answer, signedIn }));

  const goTo = useCallback((target: number) => dispatch({ type: 'goTo', index: target, now: Date.now() }), [dispatch]);

  return {
    record,
    dispatch,
    run,
    /** The card's verdict is showing (submitted or graded here). */
    checked: state.checked,
    forget,
    save,
    saving,
    /** The save cut off before the server answered, if any (its submission id is reused offline). */
    underway,
    sitting,
    statsById,
    /** The statistics have answered (or failed, or the visitor is signed out): the accuracy panel's place is known. */
    statsSettled: settled,
    byId,
    total,
    index,
    currentQuestion,
    view,
    isLast,
    flags,
    jumpTo,
    goTo,
    answer,
    solved,
  };
}

export type RunnerSession = ReturnType<typeof useRunnerSession>;
