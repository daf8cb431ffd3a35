import { clampIndex, createSessionRecord, type SessionRecord, type SolvedValue } from './session-record.js';

/** A session record read back from the browser's storage: checked field by field, never trusted. */

/**
 * A stored record, checked and fitted to the exam's current questions: unknown ids are dropped,
 * new questions appended. Null when there is none or it is unreadable.
 */
export function reviveSessionRecord(
  raw: unknown,
  examId: string,
  questionIds: readonly string[],
): SessionRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Partial<SessionRecord>;
  if (value.examId !== examId || !Array.isArray(value.questionOrder) || typeof value.currentQuestionIndex !== 'number')
    return null;
  const known = new Set(questionIds);
  const kept = value.questionOrder.filter((id): id is string => typeof id === 'string' && known.has(id));
  const order = [...kept, ...questionIds.filter((id) => !kept.includes(id))];
  if (order.length === 0) return null;
  const base = createSessionRecord(examId, order, Date.now());
  const record: SessionRecord = {
    ...base,
    ...value,
    questionOrder: order,
    answers: isRecord(value.answers) ? (value.answers as Record<string, string>) : {},
    questionTimes: isRecord(value.questionTimes) ? (value.questionTimes as Record<string, number>) : {},
    solvedStatus: isRecord(value.solvedStatus) ? (value.solvedStatus as Record<string, SolvedValue>) : {},
    overrules: isRecord(value.overrules) ? (value.overrules as Record<string, 'correct' | 'wrong'>) : {},
    revisions: isRecord(value.revisions) ? (value.revisions as Record<string, number>) : {},
    answeredQuestions: Array.isArray(value.answeredQuestions)
      ? value.answeredQuestions.filter((id) => known.has(id))
      : [],
    savedQuestionIds: Array.isArray(value.savedQuestionIds) ? value.savedQuestionIds.filter((id) => known.has(id)) : [],
    elapsedSeconds: Number.isFinite(value.elapsedSeconds) ? Number(value.elapsedSeconds) : 0,
    pendingSubmission: value.pendingSubmission ?? null,
    savedElapsedSeconds: Number.isFinite(value.savedElapsedSeconds) ? Number(value.savedElapsedSeconds) : 0,
  };
  const currentId = value.questionOrder[value.currentQuestionIndex];
  const index = currentId ? order.indexOf(currentId) : -1;
  return { ...record, currentQuestionIndex: index >= 0 ? index : clampIndex(value.currentQuestionIndex, order.length) };
}

function isRecord(value: unknown): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
