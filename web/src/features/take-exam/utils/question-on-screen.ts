import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { questionView } from './question-view.js';
import type { SessionRecord } from './session-record.js';

/** Where the session stands, and the question on screen with its text shown, the answer given and how it went. */
export function questionOnScreen(record: SessionRecord, byId: ReadonlyMap<string, ExamQuestion>, language: Language) {
  const total = record.questionOrder.length;
  const index = record.currentQuestionIndex;
  const currentQuestion = byId.get(record.questionOrder[index] ?? '') ?? null;
  const view = currentQuestion ? questionView(currentQuestion, language) : null;
  const isLast = index >= total - 1;
  const answer = currentQuestion ? (record.answers[currentQuestion.id] ?? '') : '';
  const solved = currentQuestion ? record.solvedStatus[currentQuestion.id] : undefined;
  return { total, index, currentQuestion, view, isLast, answer, solved };
}
