import {
  favoriteExamQuestions,
  ignoredQuestions,
  ignoreQuestion,
  toggleFavorite,
  unignoreQuestion,
} from '#shared/contracts/questions.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export interface FlagTarget {
  questionId: string;
  /** The exam the question is seen in (favorites link back to it). */
  examId: string;
  isIgnored: boolean;
}

/** The server's refusals once a user holds as many favorites or ignored questions as allowed. */
const LIMIT_CODES = new Set(['favorite_limit_reached', 'ignored_limit_reached']);

export interface BulkFlagOutcome {
  done: number;
  failed: number;
  /** The server's sentence when the cap stopped the run: every question after it is counted as failed. */
  limitDetail?: string;
}

/**
 * docs/product.md#exam-detail: bulk favorite and bulk ignore toggle each selected question on its own, one call
 * after another; a failure does not stop the rest, except the cap (every later add would be
 * refused too). The lists load again once, at the end.
 */
export function toggleSelectedFlags(
  kind: 'favorite' | 'ignore',
  targets: readonly FlagTarget[],
): Promise<BulkFlagOutcome> {
  return writeThenInvalidate(
    async () => {
      let done = 0;
      let failed = 0;
      for (const [index, target] of targets.entries()) {
        try {
          if (kind === 'favorite')
            await callApi(toggleFavorite, { body: { question_id: target.questionId, exam_id: target.examId } });
          else
            await callApi(target.isIgnored ? unignoreQuestion : ignoreQuestion, {
              params: { id: target.questionId },
              body: {},
            });
          done += 1;
        } catch (error) {
          if (error instanceof ApiError && LIMIT_CODES.has(error.code))
            return { done, failed: targets.length - index, limitDetail: error.detail };
          console.warn(`bulk ${kind}: one question failed`, target.questionId, error);
          failed += 1;
        }
      }
      return { done, failed };
    },
    kind === 'favorite' ? favoriteExamQuestions : ignoredQuestions,
  );
}
