import type * as contracts from '#shared/contracts/questions.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { badRequest, conflict } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import type { ExamRecord, StoredQuestion } from './exam-store.js';
import {
  QuestionsChangedError,
  addCopies,
  highestPosition,
  moveCopies,
  removeCopies,
  replaceCopies,
  reservePositions,
  type MoveEntry,
} from './exam-question-store.js';
import { editableExamWithQuestions } from './visibility.js';
import { adoptQuestionImages, sweepQuestionImages } from './question-images.js';

/**
 * The options modal's bulk actions on an exam's questions (docs/product.md#exam-management; docs/architecture.md
 * E21): move or copy to another exam, delete, set a group id. Each touches only the copies in the
 * named exams — the same question in other exams (often other people's) stays as it is. Every
 * question keeps its id, so the statistics (`QSTAT#<id>`) and favorites (`FAV#<id>`) of every user
 * stay attached to it wherever it goes. Requests: 1 Query per exam (E1) + 1 UpdateItem reserving
 * positions + 1 transaction per ≤ 49–100 questions.
 */

interface EditableExam {
  exam: ExamRecord;
  questions: StoredQuestion[];
}

const editableExam = (examId: string, caller: CallerUser): Promise<EditableExam> =>
  editableExamWithQuestions(examId, caller);

/** The exam's questions with these ids, in request order, and the ids it does not hold. */
function pick(questions: StoredQuestion[], ids: string[]): { found: StoredQuestion[]; notFound: string[] } {
  const byId = new Map<string, StoredQuestion>();
  for (const q of questions) if (!byId.has(q.id)) byId.set(q.id, q);
  const unique = [...new Set(ids)];
  return {
    found: unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    notFound: unique.filter((id) => !byId.has(id)),
  };
}

const placeOf = (q: StoredQuestion) => ({ position: Number(q.order), id: q.id });

/** A concurrent edit changed the exam between the read and a chunk's transaction. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof QuestionsChangedError) throw conflict('exam_questions_changed');
    throw error;
  }
}

async function sourceAndTarget(body: { from_exam_id: string; to_exam_id: string }, caller: CallerUser) {
  if (body.from_exam_id === body.to_exam_id) throw badRequest('exam_same_source_target');
  const [source, target] = await Promise.all([
    editableExam(body.from_exam_id, caller),
    editableExam(body.to_exam_id, caller),
  ]);
  return { source, target };
}

/** Positions at the end of the target for the questions it does not hold yet (cap checked first). */
async function landingPlaces(target: EditableExam, incoming: StoredQuestion[]) {
  if (target.questions.length + incoming.length > MAX_EXAM_QUESTIONS)
    throw badRequest('exam_question_limit', { max: MAX_EXAM_QUESTIONS });
  if (incoming.length === 0) return new Map<string, number>();
  const positions = await reservePositions(target.exam.id, highestPosition(target.questions), incoming.length);
  return new Map(incoming.map((q, i) => [q.id, positions[i]!]));
}

/** POST /api/move-questions/ */
export async function moveQuestions(input: ServiceInput<typeof contracts.moveQuestions>, ctx: SignedInContext) {
  const { source, target } = await sourceAndTarget(input.body, ctx.caller.user);
  const { found, notFound } = pick(source.questions, input.body.question_ids);
  const held = new Set(target.questions.map((q) => q.id));
  const incoming = found.filter((q) => !held.has(q.id));
  const landing = await landingPlaces(target, incoming);
  // The moved questions take their images along (D180); the source keeps those its other questions use.
  const adopted = await adoptQuestionImages(
    target.exam.id,
    found.map((question) => ({ question, from: landing.has(question.id) ? source.exam.id : null })),
  );
  const entries: MoveEntry[] = found.map((q, i) => {
    const position = landing.get(q.id);
    return { from: placeOf(q), ...(position !== undefined ? { to: { position, question: adopted[i]! } } : {}) };
  });
  await guarded(() => moveCopies(source.exam.id, target.exam.id, entries));
  const moved = new Set(found.map((q) => q.id));
  await sweepQuestionImages(source.exam.id, found, async () => source.questions.filter((q) => !moved.has(q.id)));
  return {
    success: true as const,
    message: errorMessage('questions_moved', ctx.language, { count: found.length }),
    moved_count: found.length,
    skipped: found.filter((q) => held.has(q.id)).map((q) => q.id),
    not_found: notFound,
    from_total_questions: source.questions.length - found.length,
    to_total_questions: target.questions.length + incoming.length,
  };
}

/** POST /api/copy-questions/: the source is only read. */
export async function copyQuestions(input: ServiceInput<typeof contracts.copyQuestions>, ctx: SignedInContext) {
  const { source, target } = await sourceAndTarget(input.body, ctx.caller.user);
  const { found, notFound } = pick(source.questions, input.body.question_ids);
  const held = new Set(target.questions.map((q) => q.id));
  const incoming = found.filter((q) => !held.has(q.id));
  const landing = await landingPlaces(target, incoming);
  // A copy gets its own copies of the source exam's images (D180).
  const adopted = await adoptQuestionImages(
    target.exam.id,
    incoming.map((question) => ({ question, from: source.exam.id })),
  );
  await guarded(() =>
    addCopies(
      target.exam.id,
      adopted.map((q) => ({ position: landing.get(q.id)!, question: q })),
    ),
  );
  return {
    success: true as const,
    message: errorMessage('questions_copied', ctx.language, { count: incoming.length }),
    copied_count: incoming.length,
    skipped: found.filter((q) => held.has(q.id)).map((q) => q.id),
    not_found: notFound,
    to_total_questions: target.questions.length + incoming.length,
  };
}

/** POST /api/delete-questions/: this exam's copies only; ids it does not hold are ignored. */
export async function deleteQuestions(input: ServiceInput<typeof contracts.deleteQuestions>, ctx: SignedInContext) {
  const { exam, questions } = await editableExam(input.body.exam_id, ctx.caller.user);
  const { found } = pick(questions, input.body.question_ids);
  await guarded(() => removeCopies(exam.id, found.map(placeOf)));
  const removed = new Set(found.map((q) => q.id));
  await sweepQuestionImages(exam.id, found, async () => questions.filter((q) => !removed.has(q.id)));
  return {
    success: true as const,
    message: errorMessage('questions_deleted', ctx.language, { count: found.length }),
    deleted_count: found.length,
    total_questions: questions.length - found.length,
  };
}

/** PATCH /api/questions/bulk-update-group/: `group_id` of this exam's copies, in place. */
export async function bulkUpdateGroup(input: ServiceInput<typeof contracts.bulkUpdateGroup>, ctx: SignedInContext) {
  const { exam, questions } = await editableExam(input.body.exam_id, ctx.caller.user);
  const { found, notFound } = pick(questions, input.body.question_ids);
  await guarded(() =>
    replaceCopies(
      exam.id,
      found.map((q) => ({ ...q, group_id: input.body.group_id })),
    ),
  );
  return {
    success: true as const,
    message: errorMessage('questions_group_updated', ctx.language, { count: found.length }),
    updated_count: found.length,
    not_found: notFound,
  };
}
