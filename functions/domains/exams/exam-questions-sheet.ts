import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import {
  COLUMN_LABELS,
  QUESTION_COLUMNS,
  QUESTION_SHEET_LIMITS,
  REPORT_LIST_LIMIT,
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
import { examImageUrl, imageIdsIn, imageKey } from './question-images.js';
import { deleteObject } from '../files/index.js';
import {
  deleteImportedImages,
  importMedia,
  prepareImportedImages,
  readQuestionSheet,
  storeImportedImages,
  type ImageOwner,
} from '../files/sheets.js';

/**
 * POST /api/exam/{examId}/update-questions-from-excel/ (docs/architecture.md E25): each row of the
 * sheet updates, in place, the exam's question whose `csv_id` is the row's question id — position
 * and question id kept, so statistics and favorites stay attached. Only this exam's copies change.
 * The file goes through the importer's guarded read (extension, magic bytes, size, zip guard, row
 * and cell caps, required columns); any refusal there changes nothing. Rows naming no question of
 * the exam are skipped, rows with a blank id or blank required text are errors; both are listed in
 * `error_details`. Images the accepted rows name (D257: a Markdown image or an image URL line, as
 * on an import, D177) go through the importer's own fetch and checks and are stored under the exam
 * (`images/<examId>/<new id>`) before the first question write; a refused one leaves its alt text
 * and a row detail. Writes: one transaction per 100 questions; if one fails, the chunks already
 * written are put back and the images stored for the update deleted, so the exam ends as it was
 * (all-or-nothing). Afterwards, images that the changed questions pointed at and no question of
 * the exam does any more are deleted (D179's rule for an edit; no read: the exam's questions are
 * already in hand).
 */

type RowValues = Record<QuestionColumn, string>;

/** The changed question: the text in the caller's language fields, optional columns only when the sheet has them. */
function updatedQuestion(
  before: StoredQuestion,
  row: RowValues,
  present: Set<QuestionColumn>,
  language: Language,
  withImage: boolean,
): StoredQuestion {
  const after: StoredQuestion = { ...before };
  // A stored image is a Markdown image: the question becomes Markdown, as on an import (D174).
  if (withImage) after.format = 'markdown';
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
  const accepted: { row: RowValues; line: number; copies: StoredQuestion[] }[] = [];
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
      accepted.push({ row, line: rowNumber, copies: byCsvId.get(row.csv_id)! });
    }
    if (row.csv_id) seenIds.add(row.csv_id);
  }
  if (totalRows === 0) throw new AppError(400, 'sheet_no_questions');

  // The rows' texts are rewritten in place: kept images point at the exam, refused ones are their alt text.
  const rows = accepted.map((a) => a.row);
  const owner: ImageOwner = { key: (id) => imageKey(exam.id, id), url: (id) => examImageUrl(exam.id, id) };
  const images = await prepareImportedImages(
    owner,
    rows,
    accepted.map((a) => a.line),
    await importMedia(sheet.media, rows),
  );
  for (const warning of images.warnings)
    details.push(errorMessage(`sheet_row_${warning.code}`, lang, { row: warning.line, name: warning.name }));
  const changed = new Map<string, StoredQuestion>();
  accepted.forEach(({ row, copies }, index) => {
    for (const q of copies) changed.set(q.id, updatedQuestion(q, row, present, lang, images.markdown[index]!));
  });

  const updates = [...changed.values()];
  const written: StoredQuestion[] = [];
  const imageKeys: string[] = [];
  try {
    await storeImportedImages(owner, images.pending, imageKeys);
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
    // Only once no question points at them: the images stored for this update.
    await deleteImportedImages(imageKeys).catch((deleteError: unknown) =>
      ctx.log.error('update from sheet: deleting the stored images failed', {
        examId: exam.id,
        error: String(deleteError),
      }),
    );
    if (error instanceof QuestionsChangedError) throw conflict('exam_questions_changed');
    throw error;
  }
  // The update is written: an image that fails to go is logged, not the caller's failure.
  await dropUnusedImages(exam.id, questions, changed).catch((dropError: unknown) =>
    ctx.log.warn('update from sheet: deleting images no longer used failed', {
      examId: exam.id,
      error: String(dropError),
    }),
  );
  const updated = new Set([...changed.values()].map((q) => String(q.csv_id))).size;
  const stats = {
    total_rows: totalRows,
    updated,
    skipped,
    errors,
    error_details: details,
    ...(images.pending.length || images.warnings.length
      ? { images: { stored: images.pending.length, warnings: images.warnings.slice(0, REPORT_LIST_LIMIT) } }
      : {}),
  };
  return { success: true as const, message: errorMessage('exam_questions_updated', lang, { updated, skipped }), stats };
}

/** The exam's images the changed questions pointed at before and no question of the exam points at now. */
async function dropUnusedImages(
  examId: string,
  before: readonly StoredQuestion[],
  changed: ReadonlyMap<string, StoredQuestion>,
): Promise<void> {
  const had = imageIdsIn(
    examId,
    before.filter((q) => changed.has(q.id)),
  );
  if (had.size === 0) return;
  const used = imageIdsIn(
    examId,
    before.map((q) => changed.get(q.id) ?? q),
  );
  for (const id of had) if (!used.has(id)) await deleteObject(imageKey(examId, id));
}
