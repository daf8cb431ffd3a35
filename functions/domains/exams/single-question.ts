import type * as examCreation from '#shared/contracts/exam-creation.js';
import { MAX_EXAM_TITLE } from '#shared/contracts/exam-schemas.js';
import { pickLocalized } from '#shared/domain/language.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { newExamRecord, storeExam } from './new-exam.js';
import {
  claimSingleExamPointer,
  findExam,
  getExamWithQuestions,
  getSingleExamPointer,
  removeExam,
} from './exam-store.js';
import { displayTitle, examView } from './exam-views.js';
import { canReadExam } from './visibility.js';
import { removeExamImages } from './question-images.js';

/** Room left for storeExam's ` #xxxx` suffix when the derived title is taken. */
const TITLE_ROOM = MAX_EXAM_TITLE - 6;

/**
 * POST /api/create-single-question-exam/ (docs/product.md#take-exam single-question mode): a private exam of the
 * caller holding one question of a readable exam. Reused while it exists: the pointer
 * the single-question pointer (entities/single-question-pointer.ts) names it. Requests: 1 Query of the source exam + 1 GetItem pointer
 * (+ 1 GetItem of the pointed exam); creating adds storeExam's writes (1 BatchWriteItem + 1
 * transaction) and 1 conditional PutItem of the pointer.
 */
export async function createSingleQuestionExam(
  input: ServiceInput<typeof examCreation.createSingleQuestionExam>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { exam_id: examId, question_id: questionId } = input.body;
  const { exam: source, questions } = GENERATED_ID.test(examId)
    ? await getExamWithQuestions(examId)
    : { exam: null, questions: [] };
  if (!source || !(await canReadExam(source, caller))) throw new AppError(404, 'exam_not_found');
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw new AppError(404, 'question_not_found');

  const reuse = async (pointed: string | null) => {
    const existing = pointed ? await findExam(pointed) : null;
    return existing && existing.created_by_id === caller.id ? existing : null;
  };
  const pointed = await getSingleExamPointer(caller.id, questionId);
  const existing = await reuse(pointed);
  if (existing)
    return { success: true as const, id: existing.id, exam: examView(existing, caller, ctx.language), created: false };

  const questionTitle = pickLocalized(question, 'title', ctx.language) || question.id;
  const title = `${displayTitle(source, ctx.language)} – ${questionTitle}`.slice(0, TITLE_ROOM).trim();
  const exam = newExamRecord({
    title,
    language: ctx.language,
    caller,
    questions: 1,
    isPublic: false,
    isOriginal: false,
    file: { id: source.file_id, name: source.file_name },
    forceAnswer: source.force_answer,
    voiceMode: source.voice_mode_enabled,
  });
  exam.kind = 'single';
  await storeExam(exam, [question], { derived: true, imagesFrom: () => source.id });
  if (!(await claimSingleExamPointer(caller.id, questionId, exam.id, pointed))) {
    // A concurrent call won: keep its exam, drop ours.
    await removeExam(exam);
    await removeExamImages(exam.id);
    const winner = await reuse(await getSingleExamPointer(caller.id, questionId));
    if (winner)
      return { success: true as const, id: winner.id, exam: examView(winner, caller, ctx.language), created: false };
    throw new AppError(409, 'conflict');
  }
  return { success: true as const, id: exam.id, exam: examView(exam, caller, ctx.language), created: true };
}
