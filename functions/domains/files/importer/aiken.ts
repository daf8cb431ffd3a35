import type { ReaderSkip } from './parsed-sheet.js';
import type { QuizRecord } from './quiz-records.js';

/**
 * The Aiken format (Moodle): a question's line(s), its choices `A.` / `A)` one per line, then
 * `ANSWER: B` (several letters `B, D` are read as several right choices). A record broken off
 * (choices without an answer line, an answer naming no choice, text between choices) is listed
 * as unreadable, and reading goes on with the next line.
 */

const OPTION = /^\s*([A-Za-z])[.)]\s+(.*\S)\s*$/;
const ANSWER = /^\s*ANSWER\s*:\s*([A-Za-z](?:\s*[,;]?\s*[A-Za-z])*)\s*$/i;

/** Whether a `.txt` reads as Aiken: answer lines, each after two or more choice lines, and almost no tabs. */
export function looksLikeAiken(text: string): boolean {
  const lines = text.split(/\r\n|\n|\r/);
  let answers = 0;
  let options = 0;
  let tabs = 0;
  for (const line of lines) {
    if (ANSWER.test(line)) answers++;
    else if (OPTION.test(line)) options++;
    if (line.includes('\t')) tabs++;
  }
  return answers > 0 && options >= 2 * answers && tabs * 10 < lines.length;
}

export function readAiken(text: string): { records: QuizRecord[]; skipped: ReaderSkip[] } {
  const records: QuizRecord[] = [];
  const skipped: ReaderSkip[] = [];
  let question: string[] = [];
  let options: { letter: string; text: string }[] = [];
  let start = 0;
  const reset = () => {
    question = [];
    options = [];
  };
  const broken = () => {
    skipped.push({ line: start, reason: 'unreadable_record' });
    reset();
  };
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const answer = ANSWER.exec(line);
      if (answer) {
        const letters: string[] = answer[1]!.toUpperCase().match(/[A-Z]/g) ?? [];
        const known = options.map((o) => o.letter);
        if (question.length === 0 || options.length < 2 || !letters.every((l) => known.includes(l))) {
          if (question.length === 0 && options.length === 0) start = i + 1;
          return broken();
        }
        records.push({
          line: start,
          title: '',
          question: question.join('\n'),
          choices: options.map((o) => ({ text: o.text, correct: letters.includes(o.letter) })),
          explanation: [],
          category: '',
        });
        return reset();
      }
      const option = question.length > 0 ? OPTION.exec(line) : null;
      if (option) {
        options.push({ letter: option[1]!.toUpperCase(), text: option[2]! });
        return;
      }
      // Text after the choices began: the record before it had no answer line.
      if (options.length > 0) broken();
      if (question.length === 0) start = i + 1;
      question.push(line.trim());
    });
  if (question.length > 0 || options.length > 0) broken();
  return { records, skipped };
}
