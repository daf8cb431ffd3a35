import type { DetailState } from './detail-state.js';
import { paramsFromState } from './detail-state.js';

/** The addresses the exam detail screen links to (docs/product.md#exam-detail "Links out"). */

export function detailPath(examId: string | null): string {
  return examId ? `/exam-detail/${encodeURIComponent(examId)}` : '/favorites';
}

/**
 * Starts an exam: the chosen questions (`selected`) in the table's order (`order`), from the
 * start (`restart`), with the active filter and sort kept for the way back.
 */
export function startExamPath(
  examId: string,
  questionIds: readonly string[],
  state: DetailState,
  favoritesMode: boolean,
  returnTo = 'exam-detail',
): string {
  const ids = questionIds.join(',');
  const query = new URLSearchParams([
    ['selected', ids],
    ['order', ids],
    ['restart', 'true'],
    ['returnTo', returnTo],
    ...paramsFromState(state, favoritesMode),
  ]);
  return `/take-exam/${encodeURIComponent(examId)}?${query.toString()}`;
}

/** The whole exam as the learner left it: its unfinished sitting continues, already chosen (D296). */
export function resumeExamPath(examId: string, state: DetailState, returnTo = 'exam-detail'): string {
  const query = new URLSearchParams([['resume', 'true'], ['returnTo', returnTo], ...paramsFromState(state, false)]);
  return `/take-exam/${encodeURIComponent(examId)}?${query.toString()}`;
}

/** One question on its own, inside its exam. */
export function singleQuestionPath(
  examId: string,
  questionId: string,
  state: DetailState,
  favoritesMode: boolean,
): string {
  const query = new URLSearchParams([
    ['question_id', questionId],
    ['exam_id', examId],
    ['returnTo', favoritesMode ? 'favorites' : 'exam-detail'],
    ...paramsFromState(state, favoritesMode),
  ]);
  return `/take-exam?${query.toString()}`;
}

export function addQuestionPath(examId: string): string {
  return `/take-exam/${encodeURIComponent(examId)}?mode=add-question&returnTo=exam-detail`;
}
