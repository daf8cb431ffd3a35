import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { ExamResult } from '#shared/contracts/results.js';
import type { Language } from '#shared/domain/language.js';
import type { TextFormat } from '#shared/domain/rich-text.js';
import { questionView } from './question-view.js';

/** One answered question as the summary's misses and the result detail screen list it. */
export interface ReviewEntry {
  questionId: string;
  title: string;
  /** The question's text (without it a miss cannot be understood on its own). */
  text: string;
  /** The answer as saved (a self-graded miss is blank). */
  answer: string;
  /** The server's grading of the saved answer. */
  correct: boolean;
  /** Empty when the question is no longer readable (deleted, exam gone). */
  correctAnswer: string;
  explanation: string;
  /** How the texts are written (D130). */
  format: TextFormat;
}

/**
 * What End hands to the screen it lands on (in the navigation state, so plain data): the
 * result as the server graded it, question by question.
 */
export interface SessionSummary {
  resultId: string;
  examId: string;
  score: number;
  total: number;
  answered: number;
  elapsedSeconds: number;
  entries: ReviewEntry[];
  /** A sitting taken offline: its submission id while it waits in the outbox; graded on the device (D437). */
  waitingSync?: string;
}

/**
 * The result's details in their order, each with the question's texts in the screen's language
 * where the exam still has the question. The server's `is_correct` decides right and wrong.
 */
export function reviewEntries(
  result: Pick<ExamResult, 'details'>,
  questions: readonly ExamQuestion[],
  language: Language,
): ReviewEntry[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (result.details ?? []).map((detail) => {
    const question = byId.get(detail.question_id);
    const view = question ? questionView(question, language) : null;
    return {
      questionId: detail.question_id,
      title: view?.title || detail.question.title || '',
      text: view?.content ?? '',
      answer: detail.answer,
      correct: detail.is_correct,
      correctAnswer: view?.answer ?? '',
      explanation: view?.explanation ?? '',
      format: view?.format ?? 'plain',
    };
  });
}

export function sessionSummary(
  result: ExamResult,
  questions: readonly ExamQuestion[],
  language: Language,
): SessionSummary {
  return {
    resultId: result.id,
    examId: result.exam.id,
    score: result.score,
    total: result.total_score,
    answered: result.answered_count,
    elapsedSeconds: result.elapsed_seconds,
    entries: reviewEntries(result, questions, language),
  };
}

/** Correct answers among the answered ones, in whole percent (0 when none was answered). */
export function accuracyPercent(correct: number, answered: number): number {
  return answered > 0 ? Math.round((correct / answered) * 100) : 0;
}

const STATE_KEY = 'sessionSummary';

/** The navigation state End lands with. */
export function summaryState(summary: SessionSummary): Record<string, SessionSummary> {
  return { [STATE_KEY]: summary };
}

/** The summary in a location's state, if End put one there. */
export function summaryFromState(state: unknown): SessionSummary | null {
  if (!state || typeof state !== 'object' || !(STATE_KEY in state)) return null;
  const summary = (state as Record<string, unknown>)[STATE_KEY];
  if (!summary || typeof summary !== 'object' || !Array.isArray((summary as SessionSummary).entries)) return null;
  return summary as SessionSummary;
}

/**
 * Where "retry the missed ones" goes: the same exam with only those questions, in their order,
 * afresh, leaving to where the sitting itself leaves (returnTo, studyId, examId kept).
 */
export function retryMissedPath(examId: string, missedIds: readonly string[], search: URLSearchParams): string | null {
  if (missedIds.length === 0) return null;
  const ids = missedIds.join(',');
  const query = new URLSearchParams([
    ['selected', ids],
    ['order', ids],
    ['restart', 'true'],
  ]);
  for (const name of ['returnTo', 'studyId', 'examId']) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  return `/take-exam/${encodeURIComponent(examId)}?${query.toString()}`;
}

/** The one end of every sitting: /exam-summary/{resultId}, with where "back" goes and the retry's address. */
export function summaryPath(resultId: string, back: string, retry: string | null): string {
  const query = new URLSearchParams([['back', back]]);
  if (retry) query.set('retry', retry);
  return `/exam-summary/${encodeURIComponent(resultId)}?${query.toString()}`;
}
