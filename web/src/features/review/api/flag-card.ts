import { toggleFavorite } from '../../take-exam/index.js';

/**
 * Flags a card or takes the flag off (the product's one flag is the favourite star:
 * POST /api/add-question-to-favorite/, a toggle answering the new state; D306).
 */
export function flagCard(questionId: string, examId: string) {
  return toggleFavorite(questionId, examId);
}
