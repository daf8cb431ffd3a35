import { getExamResultDetails as route, type ExamResult } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/exam-result/{id}/details/?cursor= — the next page (one stored chunk) of a result's details (D197). */
export function getExamResultDetails(resultId: string, cursor: string) {
  return callApi(route, { params: { id: resultId }, query: { cursor } });
}

/**
 * The result with every page of its details, asked for one after another: for the flows that need
 * all answers at once (continue mode, the end-of-sitting summary and its "retry missed").
 */
export async function withAllDetails<R extends ExamResult>(result: R): Promise<R> {
  const details = [...(result.details ?? [])];
  for (let cursor = result.details_next ?? null; cursor;) {
    const page = await getExamResultDetails(result.id, cursor);
    details.push(...page.details);
    cursor = page.next;
  }
  return { ...result, details, details_next: null };
}
