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

/** The default name of the saved file: notes, the source file's name when there is one, and the date. */
export function defaultFileName(sourceName: string | null, now: Date): string {
  const base =
    (sourceName ?? 'notes')
      .replace(/\.[^.]+$/, '')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'notes';
  const stamp = now
    .toISOString()
    .slice(0, 16)
    .replace(/[-:T]/g, (c) => (c === 'T' ? '-' : c === ':' ? '' : c));
  return `${base} ${stamp}.csv`;
}

/** The name as saved: a .csv name, without path characters, within the file name cap. */
export function savedName(name: string): string {
  const clean = name
    .replace(/[\\/]/g, ' ')
    .trim()
    .replace(/\.csv$/i, '')
    .slice(0, 190);
  return `${clean || 'notes'}.csv`;
}
