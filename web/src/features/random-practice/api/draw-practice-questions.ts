import { drawRandomPracticeQuestions } from '#shared/contracts/study-progress.js';
import { callApi } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';

/** The study's pool size and task count (count 0 draws nothing): the grid and the settings stage. */
export function usePracticePool(studyId: string) {
  return useApi(
    drawRandomPracticeQuestions,
    { params: { studyId }, query: { count: 0 } },
    { shouldRetryOnError: false },
  );
}

/** GET /api/random-practice/{studyId}/?count=: a fresh draw each time (never cached). */
export function drawPracticeQuestions(studyId: string, count: number) {
  return callApi(drawRandomPracticeQuestions, { params: { studyId }, query: { count } });
}
