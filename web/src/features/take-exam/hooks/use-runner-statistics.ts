import { useMemo } from 'react';
import type { QuestionStat } from '#shared/domain/question-order.js';
import { useQuestionStatistics } from '../api/get-question-statistics.js';

/** Statistics (signed-in): the question order, and the accuracy panel. */
export function useRunnerStatistics(examId: string, signedIn: boolean) {
  const stats = useQuestionStatistics(examId, signedIn);
  const statsById = useMemo(
    () => new Map<string, QuestionStat>((stats.data ?? []).map((stat) => [stat.question_id, stat])),
    [stats.data],
  );
  return {
    statsById,
    /** The statistics once they have arrived (undefined before, and for visitors). */
    arrived: stats.data ? statsById : undefined,
    /** The statistics have answered (or failed, or the visitor is signed out): the accuracy panel's place is known. */
    settled: !signedIn || stats.data !== undefined || stats.error !== undefined,
  };
}
