import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { ExamResult } from '#shared/contracts/results.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { textFormat } from '#shared/domain/rich-text.js';
import type { ReviewEntry } from '../../take-exam/index.js';

export type ReviewMode = 'mistakes' | 'all';

const text = (record: Record<string, unknown> | undefined, field: string, language: Language) =>
  record ? pickLocalized(record, field, language) : '';

/**
 * The result's details in their order. The server's `is_correct` decides right
 * and wrong; texts come in the screen's language, the exam's current question first, then the
 * copy the result details carry; the right answer and the explanation are empty when the exam can
 * no longer be read, and the format (D130) is the exam's question's, else the recorded copy's.
 */
export function resultReview(
  result: Pick<ExamResult, 'details'>,
  questions: readonly ExamQuestion[],
  language: Language,
): ReviewEntry[] {
  const byId = new Map(questions.map((question) => [question.id, question as Record<string, unknown>]));
  return (result.details ?? []).map((detail) => {
    const question = byId.get(detail.question_id);
    const recorded = detail.question as Record<string, unknown>;
    return {
      questionId: detail.question_id,
      title: text(question, 'title', language) || text(recorded, 'title', language),
      text: text(question, 'content', language) || text(recorded, 'content', language),
      answer: detail.answer,
      correct: detail.is_correct,
      correctAnswer: text(question, 'answer', language),
      explanation: text(question, 'explanation', language),
      format: textFormat((question ?? recorded)?.format),
    };
  });
}

/** Mistakes first by default; a result without a mistake opens on every question. */
export const defaultReviewMode = (entries: readonly ReviewEntry[]): ReviewMode =>
  entries.some((entry) => !entry.correct) ? 'mistakes' : 'all';

export const shownEntries = (entries: readonly ReviewEntry[], mode: ReviewMode): ReviewEntry[] =>
  mode === 'all' ? [...entries] : entries.filter((entry) => !entry.correct);
