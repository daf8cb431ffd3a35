import { diffChars } from 'diff';
import { gradeAnswer, type Grade, type Verdict } from '#shared/domain/answer-check.js';
import { CLOZE_ANSWER_SEPARATOR, gradeCloze } from '#shared/domain/cloze.js';
import { plainText, type TextFormat } from '#shared/domain/rich-text.js';
import { isBlank } from './session-record.js';

type Graded = { answer: string; content: string; format?: TextFormat; cloze?: number; cloze_note?: string };

/** The shared rule's grade; a cloze card's gap by gap against its note (D367), as the server grades it. */
function gradeOf(given: string, shown: Graded, question: { answer: string; content: string }): Grade {
  if (shown.cloze === undefined || !shown.cloze_note) return gradeAnswer(given, question.answer, question.content);
  const cloze = gradeCloze(given, shown.cloze_note, shown.cloze, shown.format);
  const expected = cloze.gaps.map((gap) => gap.expected).join(CLOZE_ANSWER_SEPARATOR);
  return { verdict: cloze.verdict, expected };
}

/** Rich questions are graded in their plain form (D132): `**42**` is answered by `42`. */
const plain = (question: Graded) => ({
  answer: plainText(question.answer, question.format),
  content: plainText(question.content, question.format),
});

export type AnswerVerdict = Verdict;

export interface ShownVerdict {
  /** What the shared rule says (the server grades the same way). */
  graded: Verdict;
  /** What counts: the learner's own grade when they overruled, else `graded` folded to right or wrong. */
  final: 'correct' | 'wrong';
  /** The alternative the answer matched or came closest to. */
  expected: string;
  overruled: boolean;
}

/**
 * The verdict shown the moment a typed or chosen answer is submitted, by the shared answer rule
 * (the server grades again at save and stays the authority). None for a blank answer, or for a
 * question without a correct answer to compare with: there the learner grades themselves.
 */
export function answerVerdict(given: string, shown: Graded): AnswerVerdict | null {
  const question = plain(shown);
  if (isBlank(given) || isBlank(question.answer)) return null;
  return gradeOf(given, shown, question).verdict;
}

/**
 * The verdict with the learner's overrule applied. A self-graded answer (nothing to compare, or
 * graded by O / X) has only the learner's grade; null when there is neither.
 */
export function shownVerdict(given: string, shown: Graded, own: 'correct' | 'wrong' | undefined): ShownVerdict | null {
  const question = plain(shown);
  const grade = isBlank(given) || isBlank(question.answer) ? null : gradeOf(given, shown, question);
  if (!grade) return own ? { graded: own, final: own, expected: question.answer.trim(), overruled: false } : null;
  const folded = grade.verdict === 'correct' ? 'correct' : 'wrong';
  return {
    graded: grade.verdict,
    final: own ?? folded,
    expected: grade.expected,
    overruled: own !== undefined && own !== folded,
  };
}

export interface DiffPart {
  text: string;
  /** `same` in both, `extra` typed but not expected, `missing` expected but not typed. */
  kind: 'same' | 'extra' | 'missing';
}

/**
 * The typed answer against the expected one, character by character, as Anki shows a typed
 * answer: what matches, what was typed in excess, what is missing. Compared case-insensitively.
 */
export function answerDiff(given: string, expected: string): DiffPart[] {
  return diffChars(given.trim(), expected.trim(), { ignoreCase: true }).map((change) => ({
    text: change.value,
    kind: change.added ? 'missing' : change.removed ? 'extra' : 'same',
  }));
}
