import { COLUMN_LABELS } from '#shared/domain/question-sheet-columns.js';
import type { Language } from '#shared/domain/language.js';
import type { Candidate } from '../generator/types.js';

/** A CSV field: always quoted, inner quotes doubled (RFC 4180), so commas and line breaks stay in their cell. */
const field = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The kept candidates as a question sheet the import reads like any uploaded CSV: the question
 * (cloze syntax kept), the answer (a cloze's gap answers, one per line), and an explanation that
 * names the source sentence and the tier that made the card.
 */
export function notesSheet(
  candidates: readonly Candidate[],
  language: Language,
  explanation: (candidate: Candidate) => string,
): string {
  const header = [COLUMN_LABELS.content[language], COLUMN_LABELS.answer[language], COLUMN_LABELS.explanation[language]];
  const rows = candidates.map((candidate) => [candidate.content, candidate.answers.join(', '), explanation(candidate)]);
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
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
