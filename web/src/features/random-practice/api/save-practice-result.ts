import { saveRandomPracticeResult } from '#shared/contracts/study-progress.js';
import { callApi } from '../../../lib/api-client.js';

/**
 * POST /api/save-random-practice-result/: the run and its answers, which count as practice (D299:
 * results, question statistics, review history, the study's progress). The same `submission_id`
 * again changes nothing, so a failed save can be retried.
 */
export function savePracticeResult(body: {
  study_id: string;
  correct_count: number;
  total_questions: number;
  elapsed_seconds: number;
  submission_id: string;
  answers: { exam_id: string; question_id: string; answer: string; learner_verdict: 'correct' | 'wrong' }[];
}) {
  return callApi(saveRandomPracticeResult, { body });
}
