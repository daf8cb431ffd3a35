import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import {
  COLUMN_LABELS,
  QUESTION_COLUMNS,
  QUESTION_SHEET_LIMITS,
  cellText,
  cleanUrl,
  type QuestionColumn,
} from '#shared/domain/question-sheet.js';
import type { Language } from '#shared/domain/language.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { AppError, conflict, payloadTooLarge } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import type { StoredQuestion } from './exam-store.js';
import { QuestionsChangedError, replaceCopies } from './exam-question-store.js';
import { editableExamWithQuestions } from './visibility.js';
import { readQuestionSheet } from '../files/sheets.js';

/**
 * POST /api/exam/{examId}/update-questions-from-excel/ (docs/architecture.md E25): each row of the
 * sheet updates, in place, the exam's question whose `csv_id` is the row's question id — position
 * and question id kept, so statistics and favorites stay attached. Only this exam's copies change.
 * The file goes through the importer's guarded read (extension, magic bytes, size, zip guard, row
 * and cell caps, required columns); any refusal there changes nothing. Rows naming no question of
 * the exam are skipped, rows with a blank id or blank required text are errors; both are listed in
 * `error_details`. Writes: one transaction per 100 questions; if one fails, the chunks already
 * written are put back, so the exam ends as it was (all-or-nothing).
 */

type RowValues = Record<QuestionColumn, string>;

/** The changed question: the text in the caller's language fields, optional columns only when the sheet has them. */
function updatedQuestion(
  before: StoredQuestion,
  row: RowValues,
  present: Set<QuestionColumn>,
  language: Language,
): StoredQuestion {
  const after: StoredQuestion = { ...before };
  for (const field of ['title', 'content', 'answer', 'explanation'] as const)
    if (present.has(field)) after[`${field}_${language}`] = row[field];
  if (present.has('difficulty') && row.difficulty !== '') after.difficulty = normalizeDifficulty(row.difficulty);
  if (present.has('url')) after.url = cleanUrl(row.url);
  if (present.has('group_id')) after.group_id = row.group_id;
  return after;
}

export async function updateQuestionsFromSheet(
  input: ServiceInput<typeof examSheets.updateQuestionsFromExcel>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const lang = ctx.language;
  const upload = input.body.file;
  if (upload.truncated) throw payloadTooLarge(QUESTION_SHEET_LIMITS.maxFileBytes);
  const { exam, questions } = await editableExamWithQuestions(input.params.examId, caller, 'exam_forbidden');
  const { rows: sheetRows, lines, columns, mapping, sheet } = await readQuestionSheet(upload.content, upload.filename);
  // Rows are matched by their question id: a sheet without a header naming that column cannot update anything.
  if (mapping.headerless || columns.csv_id === undefined) {
    throw new AppError(400, 'sheet_missing_column', {
      column: `${COLUMN_LABELS.csv_id.ko} / ${COLUMN_LABELS.csv_id.en}`,
      found: sheet.header.filter(Boolean).join(', ') || '-',
    });
  }
  const present = new Set(QUESTION_COLUMNS.filter((c) => columns[c] !== undefined));

  const byCsvId = new Map<string, StoredQuestion[]>();
  for (const q of questions) {
    const key = String(q.csv_id ?? '').trim();
    if (key) byCsvId.set(key, [...(byCsvId.get(key) ?? []), q]);
  }
  const details: string[] = [];
  const changed = new Map<string, StoredQuestion>();
  const seenIds = new Set<string>();
  let totalRows = 0;
  let skipped = 0;
  let errors = 0;
  for (let i = 0; i < sheetRows.length; i++) {
    const cells = sheetRows[i] ?? [];
    const rowNumber = lines[i] ?? i + 2;
    const row = {} as RowValues;
    for (const column of QUESTION_COLUMNS) {
      const index = columns[column];
      row[column] = index === undefined ? '' : cellText(cells[index]);
      if (row[column].length > QUESTION_SHEET_LIMITS.maxCellChars) {
        throw new AppError(400, 'sheet_cell_too_long', {
          row: rowNumber,
          column: `${COLUMN_LABELS[column].ko} / ${COLUMN_LABELS[column].en}`,
          limit: QUESTION_SHEET_LIMITS.maxCellChars,
        });
      }
    }
    if (QUESTION_COLUMNS.every((c) => row[c] === '')) continue;
    totalRows++;
    if (totalRows > QUESTION_SHEET_LIMITS.maxRows)
      throw new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });
    const fail = (code: string, params: Record<string, string | number> = {}) =>
      details.push(errorMessage(code, lang, { row: rowNumber, ...params }));
    if (row.csv_id === '') {
      errors++;
      fail('sheet_row_missing_id');
    } else if (seenIds.has(row.csv_id)) {
      errors++;
      fail('sheet_row_duplicate_id', { id: row.csv_id });
    } else if (!row.title || !row.content || !row.answer) {
      errors++;
      fail('sheet_row_required');
    } else if (!byCsvId.has(row.csv_id)) {
      skipped++;
      fail('sheet_row_unknown_id', { id: row.csv_id });
    } else {
      for (const q of byCsvId.get(row.csv_id)!) changed.set(q.id, updatedQuestion(q, row, present, lang));
    }
    if (row.csv_id) seenIds.add(row.csv_id);
  }
  if (totalRows === 0) throw new AppError(400, 'sheet_no_questions');

  const updates = [...changed.values()];
  const written: StoredQuestion[] = [];
  try {
    for (let i = 0; i < updates.length; i += 100) {
      const chunk = updates.slice(i, i + 100);
      await replaceCopies(exam.id, chunk);
      written.push(...chunk);
    }
  } catch (error) {
    const originals = new Map(questions.map((q) => [q.id, q]));
    await replaceCopies(
      exam.id,
      written.map((q) => originals.get(q.id)!),
    ).catch((restoreError: unknown) =>
      ctx.log.error('update from sheet: restoring the written questions failed', {
        examId: exam.id,
        error: String(restoreError),
      }),
    );
    if (error instanceof QuestionsChangedError) throw conflict('exam_questions_changed');
    throw error;
  }
  const updated = new Set([...changed.values()].map((q) => String(q.csv_id))).size;
  const stats = { total_rows: totalRows, updated, skipped, errors, error_details: details };
  return { success: true as const, message: errorMessage('exam_questions_updated', lang, { updated, skipped }), stats };
}
