import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { QUESTION_COLUMNS, QUESTION_SHEET_LIMITS, REPORT_LIST_LIMIT } from '#shared/domain/question-sheet.js';
import type { Language } from '#shared/domain/language.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { TRANSACTION_MAX_ITEMS } from '../../runtime/data/db.js';
import { AppError, conflict, payloadTooLarge } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import type { Logger } from '../../runtime/log.js';
import type { StoredQuestion } from './exam-store.js';
import {
  ExamFullError,
  QuestionsChangedError,
  highestPosition,
  replaceCopies,
  reservePositions,
} from './exam-question-store.js';
import { placedWrite, undoWrite, type NoteEditDraft } from './cloze-note-edit.js';
import { matchRows, requireIdColumn, rowEdits, type MatchedRows, type SheetUpdate } from './exam-sheet-row-match.js';
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
  type PreparedImages,
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
 * editor does (D455, D457: exam-sheet-notes.ts), one transaction per note after the other rows. The rows'
 * matching is exam-sheet-row-match.ts.
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
  requireIdColumn(mapping.headerless, columns, sheet.header);
  const present = new Set(QUESTION_COLUMNS.filter((c) => columns[c] !== undefined));
  const update: SheetUpdate = { examId: exam.id, questions, present, language: lang };
  const matched = matchRows(update, sheetRows, lines, columns);

  // The rows' texts are rewritten in place: kept images point at the exam, refused ones are their alt text.
  const rows = matched.accepted.map((a) => a.row);
  const owner: ImageOwner = { key: (id) => imageKey(exam.id, id), url: (id) => examImageUrl(exam.id, id) };
  const images = await prepareImportedImages(
    owner,
    rows,
    matched.accepted.map((a) => a.line),
    await importMedia(sheet.media, rows),
  );
  for (const warning of images.warnings)
    matched.details.push(errorMessage(`sheet_row_${warning.code}`, lang, { row: warning.line, name: warning.name }));
  const { changed, drafts } = rowEdits(update, matched.accepted, images.markdown);
  const noteWrites = await placeNoteWrites(exam.id, questions, drafts);
  await writeUpdate(update, ctx.log, { owner, images: images.pending, updates: [...changed.values()], noteWrites });

  // The update is written: an image that fails to go is logged, not the caller's failure.
  const addedCards = noteWrites.flatMap((write) => write.added.map((a) => a.question));
  await dropUnusedImages(exam.id, [...questions, ...addedCards], withNoteCards(changed, noteWrites)).catch(
    (dropError: unknown) =>
      ctx.log.warn('update from sheet: deleting images no longer used failed', {
        examId: exam.id,
        error: String(dropError),
      }),
  );
  return updateReply(matched, images, updatedCount(changed, noteWrites), lang);
}

/** The writes done so far, so that a failure can put them back. */
interface WrittenSoFar {
  questions: StoredQuestion[];
  notes: NoteWrite[];
  imageKeys: string[];
}

/**
 * Writes the update: the images, then the questions (one transaction per 100), then each note. If a
 * write fails, what was written is put back (undoWrites) and the failure becomes the caller's error.
 */
async function writeUpdate(
  update: SheetUpdate,
  log: Logger,
  planned: { owner: ImageOwner; images: PreparedImages['pending']; updates: StoredQuestion[]; noteWrites: NoteWrite[] },
): Promise<void> {
  const written: WrittenSoFar = { questions: [], notes: [], imageKeys: [] };
  try {
    await storeImportedImages(planned.owner, planned.images, written.imageKeys);
    for (let i = 0; i < planned.updates.length; i += TRANSACTION_MAX_ITEMS) {
      const chunk = planned.updates.slice(i, i + TRANSACTION_MAX_ITEMS);
      await replaceCopies(update.examId, chunk);
      written.questions.push(...chunk);
    }
    for (const write of planned.noteWrites) {
      await writeNote(update.examId, write);
      written.notes.push(write);
    }
  } catch (error) {
    await undoWrites(update, written, log);
    if (error instanceof QuestionsChangedError) throw conflict('exam_questions_changed');
    if (error instanceof ExamFullError) throw new AppError(400, 'exam_question_limit', { max: MAX_EXAM_QUESTIONS });
    throw error;
  }
}

/** Puts the exam back as it was: the notes written (last first), the questions written, then the images stored. */
async function undoWrites({ examId, questions }: SheetUpdate, written: WrittenSoFar, log: Logger): Promise<void> {
  const originals = new Map(questions.map((q) => [q.id, q]));
  for (const write of written.notes.reverse())
    await writeNote(examId, undoWrite(write, originals)).catch((restoreError: unknown) =>
      log.error('update from sheet: restoring a cloze note failed', {
        examId,
        error: String(restoreError),
      }),
    );
  await replaceCopies(
    examId,
    written.questions.map((q) => originals.get(q.id)!),
  ).catch((restoreError: unknown) =>
    log.error('update from sheet: restoring the written questions failed', {
      examId,
      error: String(restoreError),
    }),
  );
  // Only once no question points at them: the images stored for this update.
  await deleteImportedImages(written.imageKeys).catch((deleteError: unknown) =>
    log.error('update from sheet: deleting the stored images failed', {
      examId,
      error: String(deleteError),
    }),
  );
}

/** The changed questions with the notes' cards, as dropUnusedImages compares them. */
function withNoteCards(
  changed: ReadonlyMap<string, StoredQuestion>,
  noteWrites: readonly NoteWrite[],
): Map<string, StoredQuestion> {
  const all = new Map(changed);
  for (const write of noteWrites) {
    for (const { question } of write.replaced) all.set(question.id, question);
    // A removed card points at nothing any more; a new card points at what its note does.
    for (const { id } of write.removed) all.set(id, { id });
  }
  return all;
}

/** Questions updated: a plain row's copies once (they share its id), and each card a note replaced or added. */
function updatedCount(changed: ReadonlyMap<string, StoredQuestion>, noteWrites: readonly NoteWrite[]): number {
  const plainUpdated = new Set([...changed.values()].map((q) => String(q.csv_id))).size;
  const noteCards = noteWrites.reduce((sum, write) => sum + write.replaced.length + write.added.length, 0);
  return plainUpdated + noteCards;
}

/** The caller's report: the counts, the row details and, when the sheet named images, what became of them. */
function updateReply(matched: MatchedRows, images: PreparedImages, updated: number, language: Language) {
  const { totalRows, skipped, errors, details } = matched;
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
  return {
    success: true as const,
    message: errorMessage('exam_questions_updated', language, { updated, skipped }),
    stats,
  };
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
