import { isAnswerCorrect } from '#shared/domain/answer-check.js';
import { isBlank } from './session-record.js';

export type AnswerVerdict = 'correct' | 'wrong';

/**
 * The verdict shown the moment a typed or chosen answer is submitted, by the shared answer rule
 * (the server grades again at save and stays the authority). None for a blank answer, or for a
 * question without a correct answer to compare with: there the learner grades themselves.
 */
export function answerVerdict(given: string, question: { answer: string; content: string }): AnswerVerdict | null {
  if (isBlank(given) || isBlank(question.answer)) return null;
  return isAnswerCorrect(given, question.answer, question.content) ? 'correct' : 'wrong';
}
