import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { badRequest, conflict } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { QuestionsChangedError, addCopies, highestPosition, reservePositions } from './exam-question-store.js';
import { editableExamWithQuestions } from './visibility.js';
import { adoptFileImages, imageIdsIn } from './question-images.js';
import { getExamWithQuestions } from './exam-store.js';
import { deleteObject, readPool, resolveFile } from '../files/index.js';

/**
 * POST /api/exam/{examId}/import-from-connected-file/ (docs/architecture.md E25): the questions
 * of the exam's source file it does not hold yet, appended in file order. Matched by question id
 * (`<fileId>-<order>`), so nothing is added twice and a second call imports nothing. Requests:
 * 1 Query of the exam + 1 GetItem of the file + 1 Query per MB of its pool + 1 UpdateItem
 * (positions) + 1 transaction per 99 new questions; one S3 COPY per imported image they carry (D176),
 * deleted again if the questions are not written (D258).
 */
export async function importFromConnectedFile(
  input: ServiceInput<typeof examSheets.importFromConnectedFile>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { exam, questions } = await editableExamWithQuestions(input.params.examId, caller, 'exam_forbidden');
  const file = exam.file_id ? await resolveFile(exam.file_id, caller) : null;
  if (!file) throw badRequest('exam_no_connected_file');
  const pool = await readPool(file.id);
  const held = new Set(questions.map((q) => q.id));
  const missing = pool.filter((q) => !held.has(q.id));
  if (questions.length + missing.length > MAX_EXAM_QUESTIONS)
    throw badRequest('exam_question_limit', { max: MAX_EXAM_QUESTIONS });
  if (missing.length > 0) {
    const positions = await reservePositions(exam.id, highestPosition(questions), missing.length);
    const copies: string[] = [];
    const adopted = await adoptFileImages(exam.id, missing, copies);
    try {
      await addCopies(
        exam.id,
        adopted.map((question, i) => ({ position: positions[i]!, question })),
      );
    } catch (error) {
      await dropUnwrittenCopies(exam.id, copies);
      if (error instanceof QuestionsChangedError) throw conflict('exam_questions_changed');
      throw error;
    }
  }
  const stats = { total_rows: pool.length, imported: missing.length, skipped: pool.length - missing.length, errors: 0 };
  return { success: true as const, message: errorMessage('exam_questions_imported', ctx.language, stats), stats };
}

/**
 * After a failed add, as an exam creation does (D180, D258): the copied images no question of the
 * exam points at go again. Chunks written before the failure keep theirs; the exam is read once,
 * on this path only, and if that read fails too the copies stay (a broken image is worse than a
 * stray object).
 */
async function dropUnwrittenCopies(examId: string, copies: readonly string[]): Promise<void> {
  if (copies.length === 0) return;
  const now = await getExamWithQuestions(examId).catch(() => null);
  if (!now) return;
  const used = imageIdsIn(examId, now.questions);
  for (const key of copies)
    if (!used.has(key.slice(key.lastIndexOf('/') + 1))) await deleteObject(key).catch(() => undefined);
}
