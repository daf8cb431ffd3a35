import type * as examSheets from '#shared/contracts/exam-sheets.js';
import {
  COLUMN_LABELS,
  QUESTION_COLUMNS,
  QUESTION_SHEET_LIMITS,
  REPORT_LIST_LIMIT,
  cellText,
} from '#shared/domain/question-sheet.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { MAX_CLOZE_NOTE_WRITES } from '#shared/domain/cloze-note-edit.js';
import { hasCloze } from '#shared/domain/cloze.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { AppError, conflict, payloadTooLarge } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import type { StoredQuestion } from './exam-store.js';
import {
  ExamFullError,
  QuestionsChangedError,
  highestPosition,
  replaceCopies,
  reservePositions,
} from './exam-question-store.js';
import { draftFits, placedWrite, undoWrite, type NoteEditDraft } from './cloze-note-edit.js';
import { isNoteRow, noteRowDraft, notesByRowId, updatedQuestion, type RowValues } from './exam-sheet-notes.js';
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
import { type NoteWrite, writeNote } from './exam-note-store.js';

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
 * already in hand). A row holding a cloze note (or naming one) edits that note's cards as the question
 * editor does (D455, D457: exam-sheet-notes.ts), one transaction per note after the other rows.
 */

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
  const accepted: { row: RowValues; line: number; copies: StoredQuestion[]; note?: true }[] = [];
  const seenIds = new Set<string>();
  const notes = notesByRowId(questions);
  const claimed = new Set<string>();
  const noteRowProblem = (cards: StoredQuestion[], row: RowValues) => {
    // A row without gaps naming a note would delete its other cards: refused, never guessed.
    if (!hasCloze(row.content)) return 'sheet_row_cloze_gaps_required';
    const draft = noteRowDraft({ examId: exam.id, cards, row, present, language: lang, withImage: false });
    if (!draft) return 'sheet_row_required';
    return draftFits(draft) ? null : 'sheet_row_cloze_note_too_large';
  };
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
    } else if (isNoteRow(row, notes)) {
      // A note's row (D457): its note's cards, or the ordinary question it makes a note of.
      const cards = notes.get(row.csv_id) ?? byCsvId.get(row.csv_id)?.slice(0, 1);
      const problem = cards ? noteRowProblem(cards, row) : null;
      if (!cards) {
        skipped++;
        fail('sheet_row_unknown_id', { id: row.csv_id });
      } else if (claimed.has(cards[0]!.id)) {
        errors++;
        fail('sheet_row_duplicate_id', { id: row.csv_id });
      } else if (problem) {
        errors++;
        fail(problem, { max: MAX_CLOZE_NOTE_WRITES, id: row.csv_id });
      } else {
        claimed.add(cards[0]!.id);
        accepted.push({ row, line: rowNumber, copies: cards, note: true });
      }
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
  const drafts: NoteEditDraft[] = [];
  accepted.forEach(({ row, copies, note }, index) => {
    const withImage = images.markdown[index]!;
    if (!note) {
      for (const q of copies) changed.set(q.id, updatedQuestion(q, row, present, lang, withImage));
      return;
    }
    const draft = noteRowDraft({ examId: exam.id, cards: copies, row, present, language: lang, withImage });
    if (draft) drafts.push(draft);
  });
  const noteWrites = await placeNoteWrites(exam.id, questions, drafts);

  const updates = [...changed.values()];
  const written: StoredQuestion[] = [];
  const notesWritten: NoteWrite[] = [];
  const imageKeys: string[] = [];
  try {
    await storeImportedImages(owner, images.pending, imageKeys);
    for (let i = 0; i < updates.length; i += 100) {
      const chunk = updates.slice(i, i + 100);
      await replaceCopies(exam.id, chunk);
      written.push(...chunk);
    }
    for (const write of noteWrites) {
      await writeNote(exam.id, write);
      notesWritten.push(write);
    }
  } catch (error) {
    const originals = new Map(questions.map((q) => [q.id, q]));
    for (const write of notesWritten.reverse())
      await writeNote(exam.id, undoWrite(write, originals)).catch((restoreError: unknown) =>
        ctx.log.error('update from sheet: restoring a cloze note failed', {
          examId: exam.id,
          error: String(restoreError),
        }),
      );
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
    if (error instanceof ExamFullError) throw new AppError(400, 'exam_question_limit', { max: MAX_EXAM_QUESTIONS });
    throw error;
  }
  // The update is written: an image that fails to go is logged, not the caller's failure.
  const plainUpdated = new Set([...changed.values()].map((q) => String(q.csv_id))).size;
  for (const write of noteWrites) {
    for (const { question } of write.replaced) changed.set(question.id, question);
    // A removed card points at nothing any more; a new card points at what its note does.
    for (const { id } of write.removed) changed.set(id, { id });
  }
  const addedCards = noteWrites.flatMap((write) => write.added.map((a) => a.question));
  await dropUnusedImages(exam.id, [...questions, ...addedCards], changed).catch((dropError: unknown) =>
    ctx.log.warn('update from sheet: deleting images no longer used failed', {
      examId: exam.id,
      error: String(dropError),
    }),
  );
  const noteCards = noteWrites.reduce((sum, write) => sum + write.replaced.length + write.added.length, 0);
  const updated = plainUpdated + noteCards;
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

/** The notes' writes, their new cards at positions reserved together (1 UpdateItem when a note adds a gap). */
async function placeNoteWrites(
  examId: string,
  questions: readonly StoredQuestion[],
  drafts: readonly NoteEditDraft[],
): Promise<NoteWrite[]> {
  const count = drafts.reduce((sum, draft) => sum + draft.added.length, 0);
  const positions = count === 0 ? [] : await reservePositions(examId, highestPosition([...questions]), count);
  let next = 0;
  return drafts.map((draft) => {
    const write = placedWrite(examId, draft, positions.slice(next, next + draft.added.length));
    next += draft.added.length;
    return write;
  });
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
