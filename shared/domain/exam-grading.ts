import { isAnswerCorrect } from './answer-check.js';
import { gradeCloze } from './cloze.js';
import { pickLocalized, type Language } from './language.js';
import { plainText, textFormat } from './rich-text.js';

/**
 * How a submitted exam answer is graded: the server's rule at submit (functions/domains/results/submit.ts)
 * and the device's for a sitting taken offline, so the result shown while it waits to sync is the one
 * the server will record (D435).
 */

/** The answer as a submit carries it. */
export interface GradedAnswerInput {
  answer: string;
  /** The learner's own grade (self-graded, or the shown verdict overruled). */
  learner_verdict?: 'correct' | 'wrong';
}

/** The correct answer in the caller's language (ko/en fallback), checked with the shared rule. */
export function gradeExamAnswer(question: Record<string, unknown>, given: string, language: Language): boolean {
  // Rich questions are graded in their plain form (D132), the same rule the screen applies.
  const format = textFormat(question.format);
  // A cloze card is graded gap by gap against its note (D367).
  if (typeof question.cloze === 'number' && typeof question.cloze_note === 'string' && question.cloze_note !== '')
    return gradeCloze(given, question.cloze_note, question.cloze, format).verdict === 'correct';
  const answer = plainText(pickLocalized(question, 'answer', language), format);
  return isAnswerCorrect(given, answer, plainText(pickLocalized(question, 'content', language), format));
}

/**
 * The answer's grade: the shared rule's, unless the learner gave their own (self-graded, or the
 * shown verdict overruled); `overruled` says when the two differ.
 */
export function gradedExamAnswer(
  question: Record<string, unknown>,
  answer: GradedAnswerInput,
  language: Language,
): { is_correct: boolean; overruled?: true } {
  const byRule = gradeExamAnswer(question, answer.answer, language);
  if (!answer.learner_verdict) return { is_correct: byRule };
  const own = answer.learner_verdict === 'correct';
  return own === byRule ? { is_correct: own } : { is_correct: own, overruled: true };
}
