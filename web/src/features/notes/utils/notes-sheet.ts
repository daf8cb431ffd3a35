import { stringify } from 'csv-stringify/browser/esm/sync';
import { hasCloze } from '#shared/domain/cloze.js';
import { COLUMN_LABELS } from '#shared/domain/question-sheet-columns.js';
import type { Language } from '#shared/domain/language.js';
import type { Candidate } from '../generator/types.js';

/**
 * The kept candidates as a question sheet the import reads like any uploaded CSV: the question
 * (cloze syntax kept), the answer, and an explanation that names the source sentence and the tier
 * that made the card. A cloze row leaves its answer empty: its answers are its gaps, and the import
 * reads a cloze row's answer column as Anki's "Back Extra", which would repeat them in the explanation.
 */
export function notesSheet(
  candidates: readonly Candidate[],
  language: Language,
  explanation: (candidate: Candidate) => string,
): string {
  const header = [COLUMN_LABELS.content[language], COLUMN_LABELS.answer[language], COLUMN_LABELS.explanation[language]];
  const rows = candidates.map((candidate) => [
    candidate.content,
    hasCloze(candidate.content) ? '' : candidate.answers.join(', '),
    explanation(candidate),
  ]);
  // Every cell quoted, rows ended by CRLF: the form spreadsheet programs write and read most reliably.
  return stringify([header, ...rows], { quoted: true, quoted_empty: true, record_delimiter: 'windows' });
}
