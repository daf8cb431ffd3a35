import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Exam, ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import type { QuestionStat } from '#shared/domain/question-order.js';
import { useQuestionStatistics } from '../api/get-question-statistics.js';
import { yesNoValue } from '#shared/domain/answer-check.js';
import { isPageReload } from '../utils/page-reload.js';
import { questionView } from '../utils/question-view.js';
import { questionRules, type RunnerContext, type RunnerEvent } from '../utils/runner-machine.js';
import { useExamSave } from './use-exam-save.js';
import { useExamSession } from './use-exam-session.js';
import { useQuestionFlags } from './use-question-flags.js';
import { useServerSitting } from './use-server-sitting.js';
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

/**
 * The session the runner shows: its record (ordered by the caller's statistics once they are
 * known), save, and the question on screen with its answer, verdict and flags.
 */
export function useRunnerSession({ exam, questions, params, signedIn, language, requireLogin }: RunnerSessionInput) {
  const scope = params.questionId
    ? `q:${params.questionId}`
    : params.selected.length > 0
      ? `selected:${params.selected.join(',')}`
      : undefined;
  // Statistics (signed-in): the question order, and the accuracy panel.
  const stats = useQuestionStatistics(exam.id, signedIn);
  const statsById = useMemo(
    () => new Map<string, QuestionStat>((stats.data ?? []).map((stat) => [stat.question_id, stat])),
    [stats.data],
  );
  const { state, record, dispatch, step, forget } = useExamSession({
    examId: exam.id,
    questions,
    order: params.order,
    stats: stats.data ? statsById : undefined,
    restart: params.restart,
    filters: params.filters,
    scope,
  });
  const { save, saving, underway } = useExamSave(exam.id, record, dispatch);
  // The whole exam, signed in: kept on the server too, so another tab or device continues it.
  // Entering the exam (any link to it, in the app or from outside) asks "continue or start over"
  // whenever a sitting is unfinished; reloading the exam's own page goes on where it was (D296).
  const { key: locationKey } = useLocation();
  const [reloaded] = useState(() => isPageReload(locationKey));
  const sitting = useServerSitting({
    examId: exam.id,
    record,
    dispatch,
    enabled: signedIn && !scope,
    restart: params.restart,
    offer: !params.resume && !params.continueResultId && !reloaded,
  });
  const byId = useMemo(() => new Map(questions.map((question) => [question.id, question])), [questions]);
  const total = record.questionOrder.length;
  const index = record.currentQuestionIndex;
  const currentQuestion = byId.get(record.questionOrder[index] ?? '') ?? null;
  const view = currentQuestion ? questionView(currentQuestion, language) : null;
  const isLast = index >= total - 1;
  const flags = useQuestionFlags(exam.id, currentQuestion?.id ?? null, signedIn);

  const jumpTo = useSessionSync({
    record,
    dispatch,
    questions,
    params,
    stats: stats.data ? statsById : undefined,
    requireLogin,
  });

  // What the runner's rules need to know of the questions, as this screen shows them.
  const context = (): RunnerContext => {
    const shown = (id: string) => {
      const question = byId.get(id);
      return question ? questionView(question, language) : null;
    };
    return {
      rules: (id) => questionRules(shown(id)?.content ?? '', shown(id)?.answer ?? '', !!exam.force_answer),
      answerIsYesNo: (value) => yesNoValue(value) !== null,
      correctAnswer: (id) => shown(id)?.answer ?? '',
      signedIn,
      now: Date.now(),
    };
  };
  /** Next, Skip, », submit, O / X and the answer typed go through utils/runner-machine's reducer. */
  const run = (event: RunnerEvent) => step(event, context());

  const goTo = useCallback((target: number) => dispatch({ type: 'goTo', index: target, now: Date.now() }), [dispatch]);

  const answer = currentQuestion ? (record.answers[currentQuestion.id] ?? '') : '';
  const solved = currentQuestion ? record.solvedStatus[currentQuestion.id] : undefined;

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
    statsSettled: !signedIn || stats.data !== undefined || stats.error !== undefined,
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
