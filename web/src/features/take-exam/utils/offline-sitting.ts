import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { ExamResult } from '#shared/contracts/results.js';
import { gradedExamAnswer } from '#shared/domain/exam-grading.js';
import type { Language } from '#shared/domain/language.js';
import type { QueuedSitting } from '../../../lib/offline/exam-outbox.js';
import { reviewEntries, type SessionSummary } from './session-summary.js';
import { unsavedAnswers, unsavedSeconds, type PendingSubmission, type SessionRecord } from './session-record.js';

/**
 * A sitting ended without a connection (D437): what goes to the outbox, and the result the device
 * shows meanwhile, graded with the server's own rule (shared/domain/exam-grading.ts).
 */

/** Summary ids of sittings not synced yet: the screen shows them without reading a result. */
export const OFFLINE_RESULT_PREFIX = 'offline-';

/**
 * The submit the sitting sends: the save already under way if one is (same submission id: if it
 * reached the server after all, the resend is that same result), else the answers not saved yet.
 */
export function offlineSubmission(
  record: SessionRecord,
  underway: PendingSubmission | null,
  newId: () => string,
): { submissionId: string; answers: PendingSubmission['answers']; elapsedSeconds: number } {
  if (underway) {
    const sent = new Set(underway.answers.map((answer) => answer.question_id));
    const more = unsavedAnswers(record).filter((answer) => !sent.has(answer.question_id));
    // Answers given after that save started cannot join its id (the server would refuse the changed request).
    if (more.length === 0)
      return {
        submissionId: underway.submissionId,
        answers: underway.answers,
        elapsedSeconds: underway.elapsedSeconds,
      };
  }
  return { submissionId: newId(), answers: unsavedAnswers(record), elapsedSeconds: unsavedSeconds(record) };
}

/** The result as the server will grade it, in the shape the summary reads. */
export function localResult(
  sitting: Pick<
    QueuedSitting,
    'submission_id' | 'exam_id' | 'exam_title' | 'answers' | 'elapsed_seconds' | 'answered_at'
  >,
  questions: readonly ExamQuestion[],
  language: Language,
): Pick<ExamResult, 'details' | 'score' | 'total_score' | 'answered_count' | 'elapsed_seconds'> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const details = sitting.answers.flatMap((answer) => {
    const question = byId.get(answer.question_id);
    if (!question) return [];
    const grade = gradedExamAnswer(question as Record<string, unknown>, answer, language);
    return [
      {
        question_id: answer.question_id,
        question: { id: answer.question_id },
        answer: answer.answer,
        is_correct: grade.is_correct,
        elapsed_seconds: Math.round(answer.elapsed_seconds),
        ...(grade.overruled ? { overruled: true } : {}),
      },
    ];
  });
  const correct = details.filter((detail) => detail.is_correct).length;
  return {
    details,
    score: correct,
    total_score: questions.length,
    answered_count: details.length,
    elapsed_seconds: sitting.elapsed_seconds,
  };
}

/** The summary End lands on, marked as waiting to sync. */
export function offlineSummary(
  sitting: Parameters<typeof localResult>[0],
  questions: readonly ExamQuestion[],
  language: Language,
): SessionSummary {
  const result = localResult(sitting, questions, language);
  return {
    resultId: `${OFFLINE_RESULT_PREFIX}${sitting.submission_id}`,
    examId: sitting.exam_id,
    score: result.score,
    total: result.total_score,
    answered: result.answered_count,
    elapsedSeconds: result.elapsed_seconds,
    entries: reviewEntries(result, questions, language),
    waitingSync: sitting.submission_id,
  };
}
