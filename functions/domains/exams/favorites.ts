import type * as contracts from '#shared/contracts/questions.js';
import { pickLocalized } from '#shared/domain/language.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { readableExam, canReadExam } from './visibility.js';
import { getExams, type ExamRecord, type StoredQuestion } from './exam-store.js';
import { questionView } from './exam-views.js';
import { QUESTION_FIELDS } from './entities/exam-question.js';
import { examsHoldingQuestion, findQuestionInExam } from './exam-question-store.js';
import {
  deleteFavorite,
  deleteIgnored,
  getFavorite,
  ignoredIds,
  isIgnored,
  listFavorites,
  listIgnored,
  putFavorite,
  putIgnored,
  type FavoriteItem,
} from '../learning/index.js';

/** The fields a favorite snapshot keeps of the question (no keys of its exam copy): an exam copy's, plus its order. */
const SNAPSHOT_FIELDS = [...QUESTION_FIELDS, 'order'] as const;

function snapshotOf(question: StoredQuestion): StoredQuestion {
  const copy: Record<string, unknown> = {};
  for (const field of SNAPSHOT_FIELDS) if (question[field] !== undefined) copy[field] = question[field];
  return copy as StoredQuestion;
}

/**
 * A question the caller may see, with the exam it is seen through: the named exam (404 when
 * unreadable or without the question), else the first readable exam holding a copy (gsi1
 * `QUESTION#<qid>`, ≤ 25 exams, 1 BatchGetItem). Another user's private exam never resolves.
 */
export async function readableQuestion(
  questionId: string,
  examId: string | undefined,
  caller: CallerUser,
): Promise<{ exam: ExamRecord; question: StoredQuestion }> {
  if (examId) {
    const exam = await readableExam(examId, caller);
    const question = await findQuestionInExam(exam.id, questionId);
    if (!question) throw new AppError(404, 'question_not_found');
    return { exam, question };
  }
  const exams = await getExams(await examsHoldingQuestion(questionId));
  // The caller's own exams first, then public ones.
  exams.sort((a, b) => Number(b.created_by_id === caller.id) - Number(a.created_by_id === caller.id));
  for (const exam of exams) {
    if (!(await canReadExam(exam, caller))) continue;
    const question = await findQuestionInExam(exam.id, questionId);
    if (question) return { exam, question };
  }
  throw new AppError(404, 'question_not_found');
}

/**
 * POST /api/add-question-to-favorite/: GetItem `FAV#<qid>` → Delete it, or resolve the question
 * (readableQuestion) and Put a snapshot of it and of the exam it was marked in.
 */
export async function toggleFavorite(input: ServiceInput<typeof contracts.toggleFavorite>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const questionId = input.body.question_id;
  if (await getFavorite(caller.id, questionId)) {
    await deleteFavorite(caller.id, questionId);
    return { success: true as const, question_id: questionId, is_favorite: false };
  }
  const { exam, question } = await readableQuestion(questionId, input.body.exam_id, caller);
  await putFavorite(caller.id, {
    question_id: questionId,
    question: snapshotOf(question),
    exam_id: exam.id,
    exam_title: exam.title,
    exam_title_ko: exam.title_ko ?? '',
    exam_title_en: exam.title_en ?? '',
    favorited_at: new Date().toISOString(),
  });
  return { success: true as const, question_id: questionId, is_favorite: true };
}

function favoriteView(favorite: FavoriteItem, ignored: boolean, ctx: SignedInContext) {
  const examTitle = pickLocalized(
    { title: favorite.exam_title, title_ko: favorite.exam_title_ko, title_en: favorite.exam_title_en },
    'title',
    ctx.language,
  );
  return {
    ...questionView({ ...favorite.question, id: favorite.question_id }, ctx.language),
    is_favorite: true,
    is_ignored: ignored,
    original_exams: [{ id: favorite.exam_id, title: examTitle }],
    favorited_at: favorite.favorited_at,
  };
}

/**
 * GET /api/favorite-exam-questions/: Query `begins_with(sk,'FAV#')` + BatchGetItem of the
 * matching `IGNORED#` items, newest first; `?question_id=`: GetItem `FAV#` + GetItem `IGNORED#`.
 */
export async function favoriteExamQuestions(
  input: ServiceInput<typeof contracts.favoriteExamQuestions>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const only = input.query.question_id?.trim();
  if (only) {
    const [favorite, ignored] = await Promise.all([getFavorite(caller.id, only), isIgnored(caller.id, only)]);
    const questions = favorite ? [favoriteView(favorite, ignored, ctx)] : [];
    return { count: questions.length, questions };
  }
  const favorites = (await listFavorites(caller.id)).sort((a, b) =>
    String(b.favorited_at).localeCompare(String(a.favorited_at)),
  );
  const ignored = await ignoredIds(
    caller.id,
    favorites.map((f) => f.question_id),
  );
  const questions = favorites.map((f) => favoriteView(f, ignored.has(f.question_id), ctx));
  return { count: questions.length, questions };
}

/** POST /api/question/{id}/ignore/: the question must be readable (readableQuestion); PutItem `IGNORED#` (idempotent). */
export async function ignoreQuestion(input: ServiceInput<typeof contracts.ignoreQuestion>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const examId = input.body.exam_id;
  await readableQuestion(input.params.id, examId === undefined ? undefined : String(examId), caller);
  await putIgnored(caller.id, input.params.id);
  return { success: true as const, question_id: input.params.id, is_ignored: true };
}

/** POST /api/question/{id}/unignore/: DeleteItem (idempotent; no visibility check needed to forget one's own mark). */
export async function unignoreQuestion(input: ServiceInput<typeof contracts.unignoreQuestion>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  await deleteIgnored(caller.id, input.params.id);
  return { success: true as const, question_id: input.params.id, is_ignored: false };
}

/** GET /api/questions/ignored/: Query `begins_with(sk,'IGNORED#')`, newest first. */
export async function ignoredQuestions(_input: unknown, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const ignored = (await listIgnored(caller.id)).sort((a, b) => b.ignored_at.localeCompare(a.ignored_at));
  return { count: ignored.length, ignored_questions: ignored };
}
