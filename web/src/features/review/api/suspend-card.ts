import { getReviewQueue, listLeeches } from '#shared/contracts/review.js';
import { getDueToday } from '#shared/contracts/daily-quiz.js';
import { invalidate } from '../../../lib/use-api.js';
import { setIgnored } from '../../take-exam/index.js';

/**
 * Suspends a card (Anki's suspend is the product's "ignore": POST /api/question/{id}/ignore/, the
 * leech list's route) or brings it back (/unignore/, undo). The Review screen hides the card itself.
 */
export async function suspendCard(questionId: string, suspended: boolean) {
  try {
    return await setIgnored(questionId, suspended);
  } finally {
    await invalidate(listLeeches, getDueToday, ...(suspended ? [] : [getReviewQueue]));
  }
}
