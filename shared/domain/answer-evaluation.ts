import { isAnswerCorrect } from './answer-check.js';

/** Share of the correct answer's words a spoken answer must contain (docs/product.md#voice-mode fallback check). */
export const WORD_MATCH_THRESHOLD = 0.5;

export type LocalEvaluationReason = 'exact' | 'word_match' | 'too_few_words' | 'empty';

export interface LocalEvaluation {
  is_correct: boolean;
  reason: LocalEvaluationReason;
  /** Matched share of the correct answer's distinct words, 0–1. */
  match_ratio: number;
}

/** Words for matching: NFKC, lower-case, punctuation dropped; Hangul and Latin letters and digits kept. */
export function answerWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The deterministic evaluator shared by the server (`POST /api/evaluate-answer/`) and the voice
 * mode's offline fallback: an answer the exact rule accepts is correct; otherwise it is correct
 * when at least half of the correct answer's distinct words appear in it.
 */
export function evaluateAnswerLocally(userAnswer: string, correctAnswer: string, content = ''): LocalEvaluation {
  if (userAnswer.trim() === '') return { is_correct: false, reason: 'empty', match_ratio: 0 };
  if (isAnswerCorrect(userAnswer, correctAnswer, content)) return { is_correct: true, reason: 'exact', match_ratio: 1 };
  const expected = [...new Set(answerWords(correctAnswer))];
  if (expected.length === 0) return { is_correct: false, reason: 'too_few_words', match_ratio: 0 };
  const given = new Set(answerWords(userAnswer));
  const matched = expected.filter((word) => given.has(word)).length;
  const ratio = matched / expected.length;
  return {
    is_correct: ratio >= WORD_MATCH_THRESHOLD,
    reason: ratio >= WORD_MATCH_THRESHOLD ? 'word_match' : 'too_few_words',
    match_ratio: ratio,
  };
}
