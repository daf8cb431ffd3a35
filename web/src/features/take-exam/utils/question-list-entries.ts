import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { isAnswerCorrect } from '#shared/domain/answer-check.js';
import type { Language } from '#shared/domain/language.js';
import { plainText } from '#shared/domain/rich-text.js';
import { questionView } from './question-view.js';
import type { SessionRecord } from './session-record.js';

/** One tile of the question list. */
export interface ListEntry {
  id: string;
  title: string;
  answered: boolean;
  /** Graded on screen with the shared rule; null when not answered. */
  correct: boolean | null;
}

/** The question list's tiles, in the taking order. */
export function questionListEntries(
  record: SessionRecord,
  byId: ReadonlyMap<string, ExamQuestion>,
  language: Language,
): ListEntry[] {
  return record.questionOrder.map((id) => {
    const question = byId.get(id);
    const shown = question ? questionView(question, language) : null;
    const answered = record.answeredQuestions.includes(id);
    const status = record.solvedStatus[id];
    const correct =
      !answered || !shown
        ? null
        : status
          ? status === 'Y'
          : isAnswerCorrect(
              record.answers[id] ?? '',
              plainText(shown.answer, shown.format),
              plainText(shown.content, shown.format),
            );
    return { id, title: shown?.title ?? '', answered, correct };
  });
}
