import { favoriteExamQuestions, ignoredQuestions, ignoreQuestion, toggleFavorite, unignoreQuestion } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export interface FlagTarget {
  questionId: string;
  /** The exam the question is seen in (favorites link back to it). */
  examId: string;
  isIgnored: boolean;
}

/**
 * Spec 3 §4: bulk favorite and bulk ignore toggle each selected question on its own, one call
 * after another; a failure does not stop the rest. The lists load again once, at the end.
 */
export function toggleSelectedFlags(kind: 'favorite' | 'ignore', targets: readonly FlagTarget[]): Promise<{ done: number; failed: number }> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const target of targets) {
        try {
          if (kind === 'favorite') await callApi(toggleFavorite, { body: { question_id: target.questionId, exam_id: target.examId } });
          else await callApi(target.isIgnored ? unignoreQuestion : ignoreQuestion, { params: { id: target.questionId }, body: {} });
          done += 1;
        } catch (error) {
          console.warn(`bulk ${kind}: one question failed`, target.questionId, error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    kind === 'favorite' ? favoriteExamQuestions : ignoredQuestions,
  );
}
