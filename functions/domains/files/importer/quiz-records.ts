import { choiceAnswer } from '#shared/domain/question-sheet.js';
import { ROWS_TO_READ, tooManyRows, type ParsedSheet, type ReaderSkip, type SheetFormat } from './parsed-sheet.js';

/**
 * What the quiz readers (GIFT, Aiken, Moodle XML) give the importer: one record per question, as
 * rows under a declared header the column mapping already knows, so the preview, the report and
 * normalizeRows read them as any sheet.
 */

export interface QuizChoice {
  text: string;
  correct: boolean;
}

export interface QuizRecord {
  /** The file line the question starts on (1-based). */
  line: number;
  title: string;
  question: string;
  /** A choice question: its choices in the file's order (the answer becomes their numbers). */
  choices?: QuizChoice[];
  /** A typed answer (`a|b` for alternatives); unused when there are choices. */
  answer?: string;
  /** Feedback and notes, one per line, into the explanation. */
  explanation: string[];
  category: string;
}

/** The declared header: names mapHeaders gives the roles title, content, options cell, answer, explanation, extra. */
export const QUIZ_HEADER = ['Title', 'Question', 'Options', 'Answer', 'Explanation', 'Category'];

/**
 * The answer cell of a choice question: written so that choiceAnswer reads back exactly the right
 * choices' numbers. Numbers first; when a choice's own text is a number (`2`, `3`, `4`) they would be
 * read as that text, so `(n)`, `[n]`, `n.`, letters, then the choices' texts are tried.
 */
function choiceAnswerCell(choices: QuizChoice[]): string {
  const right = choices.flatMap((c, i) => (c.correct ? [i] : []));
  if (right.length === 0) return '';
  const options = choices.map((c) => c.text.trim());
  const expected = right.map((i) => String(i + 1)).join(',');
  const numbered = (mark: (n: number) => string) => right.map((i) => mark(i + 1)).join(',');
  const candidates = [
    expected,
    numbered((n) => `(${n})`),
    numbered((n) => `[${n}]`),
    numbered((n) => `${n}.`),
    ...(options.length <= 8 ? [numbered((n) => String.fromCharCode(64 + n))] : []),
    right.map((i) => options[i]!).join(','),
  ];
  return candidates.find((c) => choiceAnswer(c, options) === expected) ?? expected;
}

/** The row of a record: choices as a JSON list (any character in a choice survives), the answer naming them. */
function quizRow(record: QuizRecord): string[] {
  const choices = (record.choices ?? []).filter((c) => c.text.trim() !== '');
  const answer = record.choices ? choiceAnswerCell(choices) : (record.answer ?? '');
  return [
    record.title,
    record.question,
    choices.length ? JSON.stringify(choices.map((c) => c.text.trim())) : '',
    answer,
    record.explanation.filter((l) => l.trim() !== '').join('\n'),
    record.category,
  ];
}

export function quizSheet(records: QuizRecord[], skipped: ReaderSkip[], format: SheetFormat): ParsedSheet {
  if (records.length + skipped.length > ROWS_TO_READ) throw tooManyRows();
  return {
    header: QUIZ_HEADER,
    headerLine: 0,
    declaredHeader: true,
    rows: records.map(quizRow),
    lines: records.map((r) => r.line),
    format,
    repairs: [],
    skipped,
  };
}

/** The format of a quiz file read as text. */
export function quizFormat(
  extension: SheetFormat['extension'],
  source: 'gift' | 'aiken' | 'moodle_xml',
  decoded: Pick<SheetFormat, 'encoding' | 'bom'>,
): SheetFormat {
  return {
    kind: 'text',
    extension,
    encoding: decoded.encoding,
    bom: decoded.bom,
    delimiter: null,
    record_delimiter: null,
    source,
    html: source === 'moodle_xml',
  };
}
