import type * as examCreation from '#shared/contracts/exam-creation.js';
import type { RandomOption } from '#shared/contracts/exam-creation.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { resolveFile } from '../files/index.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { requiredDomainTagId, withDomainTag } from '../tags/index.js';
import { titleTaken, type StoredQuestion } from './exam-store.js';
import { examView } from './exam-views.js';
import { drawFromFile, drawFromHistory, sample } from './drawn-questions.js';
import { problemQuestions, selectListedQuestions } from './listed-questions.js';
import { assertPublicationConfirmed, newExamRecord, storeExam, tagRefs } from './new-exam.js';
import type { Selection } from './question-selection.js';

/**
 * POST /api/create-exam/. Requests: title check 1 GetItem; a file 2–3 GetItems + ceil(n/100)
 * BatchGets of its questions; history 1+ Query of the caller's stats; explicit questions 1 Query
 * of the source exam; then ceil(n/25) BatchWrites + 1 transaction (+1 UpdateItem per tag).
 */
export async function createExam(input: ServiceInput<typeof examCreation.createExam>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const body = input.body;
  const fromQuestions = !!body.questions && body.questions.length > 0;
  // The detail screen's random exam may leave the title blank: the user's daily-quiz title then,
  // suffixed when already taken (docs/product.md#creating-exams).
  const defaultTitle = !(body.title ?? '').trim() && fromQuestions;
  const title = defaultTitle ? dailyQuizTitle(caller.username) : (body.title ?? '').trim();
  if (!title) throw new AppError(400, 'exam_title_required');
  if (!defaultTitle && (await titleTaken(caller.id, nameKey(title))))
    throw new AppError(409, 'exam_title_taken', { title });

  const fileRef = body.file_id || body.file_name || null;
  const wrongOnly = body.wrong_questions_only ?? false;
  let option: RandomOption = body.random_option ?? 'random';
  if (wrongOnly && option === 'random') option = 'wrong_only';
  const difficultyText = (body.difficulty ?? '').trim();
  const difficulty =
    difficultyText && difficultyText.toLowerCase() !== 'all' ? normalizeDifficulty(difficultyText) : null;
  const explicitCount = body.question_count;
  const tags = await tagRefs(withDomainTag(body.tags, await requiredDomainTagId(ctx)));

  let selection: Selection;
  let requested: number;
  if (fromQuestions) {
    const examId =
      body.exam_id === undefined || body.exam_id === null || body.exam_id === '' ? null : String(body.exam_id);
    const listed = await selectListedQuestions(body.questions ?? [], examId, caller);
    requested = explicitCount ?? listed.questions.length;
    const subset =
      requested < listed.questions.length && body.selection_mode !== 'manual'
        ? sample(listed.questions, requested)
        : listed.questions;
    selection = { ...listed, questions: subset };
    requested = Math.max(requested, subset.length);
  } else if (body.parsed_problems && body.parsed_problems.length > 0) {
    const problems = problemQuestions(body.parsed_problems, ctx.language);
    requested = problems.length;
    selection = { questions: problems, file: null, hasPrivateQuestions: false };
  } else if (fileRef) {
    const file = await resolveFile(String(fileRef), caller);
    if (!file) throw new AppError(404, 'file_not_found');
    requested = explicitCount ?? 10;
    selection = await drawFromFile(file, caller, option, difficulty, requested);
  } else {
    requested = explicitCount ?? 0;
    selection = await drawFromHistory(caller, option, difficulty, requested);
  }

  const questions = selection.questions;
  // Private unless asked otherwise; public with private questions only when confirmed (nothing written before).
  const isPublic = body.is_public ?? false;
  assertPublicationConfirmed(isPublic, selection.hasPrivateQuestions, body.confirm_private_questions);
  const exam = newExamRecord({
    title,
    language: ctx.language,
    caller,
    questions: questions.length,
    description: body.description,
    isPublic,
    hasPrivateQuestions: selection.hasPrivateQuestions,
    isOriginal: body.is_original ?? body.creation_type !== 'copy',
    file: selection.file ? { id: selection.file.id, name: selection.file.name } : undefined,
    tags,
    forceAnswer: body.force_answer,
    voiceMode: body.voice_mode_enabled,
    aiMockInterview: body.ai_mock_interview,
  });
  const sourceExams = selection.sourceExams;
  await storeExam(exam, questions, {
    derived: defaultTitle,
    ...(sourceExams?.size ? { imagesFrom: (q: StoredQuestion) => sourceExams.get(q.id) } : {}),
  });
  const reduced = questions.length < requested;
  return {
    success: true as const,
    id: exam.id,
    exam: examView(exam, caller, ctx.language),
    message: reduced
      ? errorMessage('exam_created_reduced', ctx.language, { requested, count: questions.length })
      : errorMessage('exam_created', ctx.language, { count: questions.length }),
    requested_count: requested,
    question_count: questions.length,
    reduced,
  };
}
