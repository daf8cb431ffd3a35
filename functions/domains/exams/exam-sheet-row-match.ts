import {
  COLUMN_LABELS,
  QUESTION_COLUMNS,
  QUESTION_SHEET_LIMITS,
  cellText,
  type QuestionColumn,
} from '#shared/domain/question-sheet.js';
import type { Language } from '#shared/domain/language.js';
import { MAX_CLOZE_NOTE_WRITES } from '#shared/domain/cloze-note-edit.js';
import { hasCloze } from '#shared/domain/cloze.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { StoredQuestion } from './exam-store.js';
import { draftFits, type NoteEditDraft } from './cloze-note-edit.js';
import { isNoteRow, noteRowDraft, notesByRowId, updatedQuestion, type RowValues } from './exam-sheet-notes.js';

/**
 * An exam's questions updated from a sheet, the rows' side (exam-questions-sheet.ts writes them): each
 * row matched to the questions it updates by its question id, or to its cloze note, or refused with
 * its row detail; then the accepted rows' edits.
 */

/** What each step of an update reads: the exam, its questions as they were, the sheet's columns, the caller's language. */
export interface SheetUpdate {
  examId: string;
  questions: StoredQuestion[];
  present: Set<QuestionColumn>;
  language: Language;
}

/** A row that updates `copies`: the copies of its question, or for a note row its note's cards. */
interface AcceptedRow {
  row: RowValues;
  line: number;
  copies: StoredQuestion[];
  note?: true;
}

/** The sheet's rows against the exam: the accepted ones, and the counts and row details of the others. */
export interface MatchedRows {
  accepted: AcceptedRow[];
  details: string[];
  totalRows: number;
  skipped: number;
  errors: number;
}

type DetailParams = Record<string, string | number>;

/** What a row does: update its copies, or not (skipped or an error) with its row detail's code. */
type RowVerdict =
  Pick<AcceptedRow, 'copies' | 'note'> | { refusal: 'skipped' | 'error'; code: string; params?: DetailParams };

const skippedRow = (code: string, params?: DetailParams): RowVerdict => ({ refusal: 'skipped', code, params });
const errorRow = (code: string, params?: DetailParams): RowVerdict => ({ refusal: 'error', code, params });

/** Rows are matched by their question id: a sheet without a header naming that column cannot update anything. */
export function requireIdColumn(
  headerless: boolean,
  columns: Partial<Record<QuestionColumn, number>>,
  header: readonly string[],
): void {
  if (headerless || columns.csv_id === undefined) {
    throw new AppError(400, 'sheet_missing_column', {
      column: `${COLUMN_LABELS.csv_id.ko} / ${COLUMN_LABELS.csv_id.en}`,
      found: header.filter(Boolean).join(', ') || '-',
    });
  }
}

/**
 * The sheet's non-empty rows, each accepted with the questions it updates or counted (skipped or an
 * error) with its row detail. A cell over the limit, too many rows or no row at all refuses the sheet.
 */
export function matchRows(
  update: SheetUpdate,
  sheetRows: readonly (readonly unknown[])[],
  lines: readonly number[],
  columns: Partial<Record<QuestionColumn, number>>,
): MatchedRows {
  const verdictOn = rowMatcher(update);
  const matched: MatchedRows = { accepted: [], details: [], totalRows: 0, skipped: 0, errors: 0 };
  for (let i = 0; i < sheetRows.length; i++) {
    const line = lines[i] ?? i + 2;
    const row = rowValues(sheetRows[i] ?? [], columns, line);
    if (QUESTION_COLUMNS.every((c) => row[c] === '')) continue;
    matched.totalRows++;
    if (matched.totalRows > QUESTION_SHEET_LIMITS.maxRows)
      throw new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });
    const verdict = verdictOn(row);
    if ('copies' in verdict) {
      matched.accepted.push({ row, line, ...verdict });
      continue;
    }
    if (verdict.refusal === 'skipped') matched.skipped++;
    else matched.errors++;
    matched.details.push(errorMessage(verdict.code, update.language, { row: line, ...verdict.params }));
  }
  if (matched.totalRows === 0) throw new AppError(400, 'sheet_no_questions');
  return matched;
}

/** A row's text in each question column (blank for a column the sheet lacks); a cell over the limit refuses the sheet. */
function rowValues(cells: readonly unknown[], columns: Partial<Record<QuestionColumn, number>>, line: number) {
  const row = {} as RowValues;
  for (const column of QUESTION_COLUMNS) {
    const index = columns[column];
    row[column] = index === undefined ? '' : cellText(cells[index]);
    if (row[column].length > QUESTION_SHEET_LIMITS.maxCellChars) {
      throw new AppError(400, 'sheet_cell_too_long', {
        row: line,
        column: `${COLUMN_LABELS[column].ko} / ${COLUMN_LABELS[column].en}`,
        limit: QUESTION_SHEET_LIMITS.maxCellChars,
      });
    }
  }
  return row;
}

/**
 * The verdict on each row in turn: matched to the exam's questions by `csv_id`, a note row to its
 * note (D457). An id an earlier row gave, or a note an earlier row claimed, makes the row an error.
 */
function rowMatcher(update: SheetUpdate): (row: RowValues) => RowVerdict {
  const byCsvId = questionsByCsvId(update.questions);
  const notes = notesByRowId(update.questions);
  const seenIds = new Set<string>();
  const claimed = new Set<string>();
  const noteRowVerdict = (row: RowValues): RowVerdict => {
    // A note's row (D457): its note's cards, or the ordinary question it makes a note of.
    const cards = notes.get(row.csv_id) ?? byCsvId.get(row.csv_id)?.slice(0, 1);
    const problem = cards ? noteRowProblem(update, cards, row) : null;
    if (!cards) return skippedRow('sheet_row_unknown_id', { id: row.csv_id });
    if (claimed.has(cards[0]!.id)) return errorRow('sheet_row_duplicate_id', { id: row.csv_id });
    if (problem) return errorRow(problem, { max: MAX_CLOZE_NOTE_WRITES, id: row.csv_id });
    claimed.add(cards[0]!.id);
    return { copies: cards, note: true };
  };
  const verdictOn = (row: RowValues): RowVerdict => {
    if (row.csv_id === '') return errorRow('sheet_row_missing_id');
    if (seenIds.has(row.csv_id)) return errorRow('sheet_row_duplicate_id', { id: row.csv_id });
    if (isNoteRow(row, notes)) return noteRowVerdict(row);
    if (!row.title || !row.content || !row.answer) return errorRow('sheet_row_required');
    const copies = byCsvId.get(row.csv_id);
    return copies ? { copies } : skippedRow('sheet_row_unknown_id', { id: row.csv_id });
  };
  return (row) => {
    const verdict = verdictOn(row);
    if (row.csv_id) seenIds.add(row.csv_id);
    return verdict;
  };
}

/** The exam's questions by their (trimmed) `csv_id`: a question's copies share one. */
function questionsByCsvId(questions: readonly StoredQuestion[]): Map<string, StoredQuestion[]> {
  const byCsvId = new Map<string, StoredQuestion[]>();
  for (const q of questions) {
    const key = String(q.csv_id ?? '').trim();
    if (key) byCsvId.set(key, [...(byCsvId.get(key) ?? []), q]);
  }
  return byCsvId;
}

/** Why a note row cannot edit `cards` (a row detail's code), or null when it can. */
function noteRowProblem({ examId, present, language }: SheetUpdate, cards: StoredQuestion[], row: RowValues) {
  // A row without gaps naming a note would delete its other cards: refused, never guessed.
  if (!hasCloze(row.content)) return 'sheet_row_cloze_gaps_required';
  const draft = noteRowDraft({ examId, cards, row, present, language, withImage: false });
  if (!draft) return 'sheet_row_required';
  return draftFits(draft) ? null : 'sheet_row_cloze_note_too_large';
}

/** The accepted rows' edits, their images in place: each plain row's copies changed, each note row's draft. */
export function rowEdits(
  { examId, present, language }: SheetUpdate,
  accepted: readonly AcceptedRow[],
  withImages: readonly boolean[],
) {
  const changed = new Map<string, StoredQuestion>();
  const drafts: NoteEditDraft[] = [];
  accepted.forEach(({ row, copies, note }, index) => {
    const withImage = withImages[index]!;
    if (!note) {
      for (const q of copies) changed.set(q.id, updatedQuestion(q, row, present, language, withImage));
      return;
    }
    const draft = noteRowDraft({ examId, cards: copies, row, present, language, withImage });
    if (draft) drafts.push(draft);
  });
  return { changed, drafts };
}
