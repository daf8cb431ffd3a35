import { getReviewQueue, listLeeches } from '#shared/contracts/review.js';
import { invalidate } from '../../../lib/use-api.js';
import { setIgnored } from '../../take-exam/index.js';

/** Ignores a leech (POST /api/question/{id}/ignore/): it leaves the leech list and the queue. */
export async function ignoreLeech(questionId: string) {
  try {
    return await setIgnored(questionId, true);
  } finally {
    await invalidate(listLeeches, getReviewQueue);
  }
}
