import {
  continueExam,
  listExamResults,
  questionStatistics,
  submitExam as submitRoute,
} from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { invalidateHomeCache } from '../../../lib/client-cache.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';
import type { PendingSubmission } from '../utils/session-record.js';

/**
 * POST /api/submit-exam/ (first save of a session) or POST /api/exam/{examId}/continue/ (later
 * saves, adding to the earlier result). The submission id is sent both in the body and as the
 * Idempotency-Key header, so a retry of the same attempt is applied once. The statistics and
 * result lists load again.
 */
export function sendSubmission(examId: string, pending: PendingSubmission) {
  return writeThenInvalidate(
    async () => {
      const answer = await send(examId, pending);
      invalidateHomeCache(); // docs/product.md#take-exam: saved answers change the home's data
      return answer;
    },
    questionStatistics,
    listExamResults,
  );
}

function send(examId: string, pending: PendingSubmission) {
  const headers = { 'Idempotency-Key': pending.submissionId };
  if (pending.kind === 'continue' && pending.previousResultId) {
    return callApi(continueExam, {
      params: { examId },
      headers,
      body: {
        previous_result_id: pending.previousResultId,
        answers: pending.answers,
        elapsed_seconds: pending.elapsedSeconds,
        submission_id: pending.submissionId,
      },
    });
  }
  return callApi(submitRoute, {
    headers,
    body: {
      exam_id: examId,
      answers: pending.answers,
      elapsed_seconds: pending.elapsedSeconds,
      submission_id: pending.submissionId,
    },
  });
}
