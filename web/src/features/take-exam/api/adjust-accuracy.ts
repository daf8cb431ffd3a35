import { adjustQuestionAccuracy as route } from '../../../../../shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/adjust-question-accuracy/ — `clear` when the target is above the current accuracy, else `ambiguous`. */
export function adjustQuestionAccuracy(input: { examId: string; questionId: string; current: number; target: number }) {
  return callApi(route, {
    body: {
      question_id: input.questionId,
      exam_id: input.examId,
      adjustment_type: input.target > input.current ? 'clear' : 'ambiguous',
      target_percentage: input.target,
    },
  });
}
