import type * as examCreation from '#shared/contracts/exam-creation.js';
import type * as exams from '#shared/contracts/exams.js';
import type * as examSubscriptions from '#shared/contracts/exam-subscriptions.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { adjustUsage, requiredDomainTagId, withDomainTag } from '../tags/index.js';
import { byMostWrong } from './drawn-questions.js';
import { assertPublicationConfirmed, newExamRecord, storeExam, tagRefs } from './new-exam.js';
import { holdsPrivateQuestions } from './question-selection.js';
import { readableExam, canEditExam, canReadExam, canReadExamDirectly, isCreatorOrAdmin } from './visibility.js';
import {
  TitleTakenError,
  getExamWithQuestions,
  getExams,
  nextVersion,
  removeExam,
  saveExamChanges,
  searchText,
  type ExamRecord,
} from './exam-store.js';
import { isSubscribed, subscribe, subscribedExamIds, unsubscribe } from './subscription-store.js';
import { statsFor } from '../learning/index.js';
import { examView } from './exam-views.js';
import { removeExamImages } from './question-images.js';

export { createExam } from './exam-creation.js';
export { getExam, getExamQuestions } from './exam-reads.js';
export { listExams } from './exam-list.js';

/** An exam the caller may change: 404 when they cannot even see it, 403 when they only see it. */
async function ownedExam(
  examId: string,
  caller: CallerUser,
  canChange: (exam: ExamRecord) => Promise<boolean> | boolean,
): Promise<ExamRecord> {
  const exam = await readableExam(examId, caller);
  if (!(await canChange(exam))) throw new AppError(403, 'exam_forbidden');
  return exam;
}

/** DELETE: owner or admin. Removes the exam, its question copies, subscriptions and tag counts. */
export async function deleteExam(input: { params: { examId: string } }, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await ownedExam(input.params.examId, caller, (e) => isCreatorOrAdmin(e, caller));
  await removeExam(exam);
  await removeExamImages(exam.id);
  if (exam.tag_ids?.length) await adjustUsage(exam.tag_ids, -1);
  return { success: true as const, message: errorMessage('exam_deleted', ctx.language) };
}

/** POST retake: a new private version under the original, with the same questions. */
export async function retakeExam(input: ServiceInput<typeof examCreation.retakeExam>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const { exam: source, questions } = await getExamWithQuestions(input.params.examId);
  if (!source || !(await canReadExam(source, caller))) throw new AppError(404, 'exam_not_found');
  let rootId = source.original_exam ?? source.id;
  let version = await nextVersion(rootId);
  if (version === null) {
    rootId = source.id;
    version = (await nextVersion(source.id)) ?? 2;
  }
  const [root] = rootId === source.id ? [source] : await getExams([rootId]);
  const baseTitle = (root ?? source).title.replace(/ \(v\d+\)$/, '');
  const exam = newExamRecord({
    title: (input.body.title ?? '').trim() || `${baseTitle} (v${version})`,
    language: ctx.language,
    caller,
    questions: questions.length,
    description: source.description_ko || source.description_en,
    isPublic: false,
    hasPrivateQuestions: holdsPrivateQuestions(source),
    isOriginal: false,
    originalExam: rootId,
    versionNumber: version,
    file: { id: source.file_id, name: source.file_name },
    tags: source.tags,
    forceAnswer: source.force_answer,
    voiceMode: source.voice_mode_enabled,
    aiMockInterview: source.ai_mock_interview,
  });
  await storeExam(exam, questions, { derived: true, imagesFrom: () => source.id });
  return {
    success: true as const,
    id: exam.id,
    exam: examView(exam, caller, ctx.language),
    message: errorMessage('exam_retaken', ctx.language, { version }),
  };
}

/** POST wrong-questions: the caller's wrong answers in this exam, most wrong first. */
export async function wrongQuestionsExam(
  input: ServiceInput<typeof examCreation.wrongQuestionsExam>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { exam: source, questions } = await getExamWithQuestions(input.params.examId);
  if (!source || !(await canReadExam(source, caller))) throw new AppError(404, 'exam_not_found');
  const stats = [
    ...(
      await statsFor(
        caller.id,
        questions.map((q) => q.id),
      )
    ).values(),
  ].filter((s) => Number(s.total_attempts ?? 0) > Number(s.correct_attempts ?? 0));
  stats.sort(byMostWrong);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const count = input.body.question_count && input.body.question_count > 0 ? input.body.question_count : stats.length;
  const chosen = stats
    .slice(0, count)
    .map((s) => byId.get(String(s.question_id))!)
    .filter(Boolean);
  if (chosen.length === 0) throw new AppError(400, 'no_wrong_questions');
  const suffix = ctx.language === 'ko' ? '오답' : 'Wrong answers';
  const exam = newExamRecord({
    title: (input.body.title ?? '').trim() || `${source.title} - ${suffix}`,
    language: ctx.language,
    caller,
    questions: chosen.length,
    isPublic: false,
    hasPrivateQuestions: holdsPrivateQuestions(source),
    isOriginal: false,
    file: { id: source.file_id, name: source.file_name },
  });
  await storeExam(exam, chosen, { derived: true, imagesFrom: () => source.id });
  return {
    success: true as const,
    id: exam.id,
    exam: examView(exam, caller, ctx.language),
    message: errorMessage('exam_created', ctx.language, { count: chosen.length }),
  };
}

/** POST toggle-original: site admins only (route access). */
export async function toggleOriginal(input: ServiceInput<typeof exams.toggleOriginal>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await readableExam(input.params.examId, caller);
  const after = { ...exam, is_original: !exam.is_original };
  await saveExamChanges(exam, after);
  return { success: true as const, is_original: after.is_original, exam: examView(after, caller, ctx.language) };
}

/** PATCH update: creator, admin (or a study admin, hook). Title, texts, flags, version, date, tags. */
export async function updateExam(input: ServiceInput<typeof exams.updateExam>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await ownedExam(input.params.examId, caller, (e) => canEditExam(e, caller));
  const body = input.body;
  const after: ExamRecord = { ...exam };
  const lang = ctx.language;
  if (body.title !== undefined || body.title_ko !== undefined || body.title_en !== undefined) {
    const title = (body.title ?? (lang === 'ko' ? body.title_ko : body.title_en) ?? exam.title).trim();
    if (!title) throw new AppError(400, 'exam_title_required');
    after.title = title;
    after.title_ko = (
      body.title_ko ??
      (body.title !== undefined && lang === 'ko' ? title : exam.title_ko) ??
      ''
    ).trim();
    after.title_en = (
      body.title_en ??
      (body.title !== undefined && lang === 'en' ? title : exam.title_en) ??
      ''
    ).trim();
    after.title_key = nameKey(title);
  }
  if (body.description !== undefined) after[lang === 'ko' ? 'description_ko' : 'description_en'] = body.description;
  if (body.description_ko !== undefined) after.description_ko = body.description_ko;
  if (body.description_en !== undefined) after.description_en = body.description_en;
  if (body.version_number !== undefined) after.version_number = body.version_number;
  if (body.created_at !== undefined) {
    const date = new Date(body.created_at);
    if (Number.isNaN(date.getTime())) throw new AppError(400, 'validation_failed');
    after.created_at = date.toISOString();
  }
  if (body.is_public !== undefined) {
    const publishing = body.is_public && !exam.is_public;
    // Only the questions' owner side (creator or site admin) may publish private questions, never a study manager.
    if (publishing && exam.has_private_questions && !isCreatorOrAdmin(exam, caller))
      throw new AppError(403, 'exam_publish_forbidden');
    assertPublicationConfirmed(publishing, !!exam.has_private_questions, body.confirm_private_questions);
    after.is_public = body.is_public;
  }
  if (body.force_answer !== undefined) after.force_answer = body.force_answer;
  if (body.voice_mode_enabled !== undefined) after.voice_mode_enabled = body.voice_mode_enabled;
  if (body.ai_mock_interview !== undefined) after.ai_mock_interview = body.ai_mock_interview;
  let added: string[] = [];
  let removed: string[] = [];
  if (body.tags !== undefined) {
    const ids = body.tags.map((t) => (typeof t === 'string' ? t : t.id));
    const domainTagId = await requiredDomainTagId(ctx);
    // On a special domain the default tag is applied and cannot be taken off (docs/product.md#languages-and-hosts).
    if (domainTagId && (exam.tag_ids ?? []).includes(domainTagId) && !ids.includes(domainTagId)) {
      throw new AppError(400, 'tag_required_domain', {
        name: exam.tags?.find((t) => t.id === domainTagId)?.name_en ?? '',
      });
    }
    after.tags = await tagRefs(withDomainTag(ids, domainTagId));
    after.tag_ids = after.tags.map((t) => t.id);
    added = after.tag_ids.filter((id) => !(exam.tag_ids ?? []).includes(id));
    removed = (exam.tag_ids ?? []).filter((id) => !after.tag_ids.includes(id));
  }
  after.search_text = searchText(after);
  try {
    await saveExamChanges(exam, after);
  } catch (error) {
    if (error instanceof TitleTakenError) throw new AppError(409, 'exam_title_taken', { title: after.title });
    throw error;
  }
  await Promise.all([adjustUsage(added, 1), adjustUsage(removed, -1)]);
  return examView(after, caller, ctx.language, { isSubscribed: await isSubscribed(caller.id, exam.id) });
}

/** Subscribing needs the exam to be readable; unsubscribing never does. 1 BatchGet + ceil(n/25) BatchWrites. */
async function changeSubscriptions(caller: CallerUser, ids: string[], action: 'subscribe' | 'unsubscribe') {
  const unique = [...new Set(ids)];
  if (action === 'unsubscribe') {
    await unsubscribe(caller.id, unique);
    return { changed: unique, notFound: [] as string[] };
  }
  const found = await getExams(unique);
  const visible: string[] = [];
  for (const exam of found) if (await canReadExam(exam, caller)) visible.push(exam.id);
  await subscribe(caller.id, visible);
  return { changed: visible, notFound: unique.filter((id) => !visible.includes(id)) };
}

export async function bulkToggleSubscription(
  input: ServiceInput<typeof examSubscriptions.bulkToggleSubscription>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { changed, notFound } = await changeSubscriptions(caller, input.body.exam_ids, input.body.action);
  return {
    success: true as const,
    message: errorMessage('subscriptions_updated', ctx.language, { count: changed.length }),
    action: input.body.action,
    changed,
    not_found: notFound,
  };
}

export async function moveToSubscribed(
  input: ServiceInput<typeof examSubscriptions.moveToSubscribed>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { changed, notFound } = await changeSubscriptions(caller, input.body.exam_ids, 'subscribe');
  return {
    success: true as const,
    message: errorMessage('subscriptions_updated', ctx.language, { count: changed.length }),
    moved: changed,
    not_found: notFound,
  };
}

export async function moveToMyExams(input: ServiceInput<typeof examSubscriptions.moveToMyExams>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const { changed, notFound } = await changeSubscriptions(caller, input.body.exam_ids, 'unsubscribe');
  return {
    success: true as const,
    message: errorMessage('subscriptions_updated', ctx.language, { count: changed.length }),
    moved: changed,
    not_found: notFound,
  };
}

/** 1 Query of the caller's `SUB#` items + ceil(n/100) BatchGets of the exams; unreadable ones are left out. */
export async function subscribedExams(_input: unknown, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const ids = await subscribedExamIds(caller.id);
  const found = await getExams(ids);
  const visible = found
    .filter((e) => canReadExamDirectly(e, caller))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  const results = visible.map((e) => examView(e, caller, ctx.language, { isSubscribed: true }));
  return { count: results.length, exams: results };
}
