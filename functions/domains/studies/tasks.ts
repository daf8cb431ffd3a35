import type * as studies from '#shared/contracts/studies.js';
import { isDailyQuizExam } from '#shared/domain/exam-title.js';
import type { Language } from '#shared/domain/language.js';
import { studyTaskEntity, type StudyTaskRecord } from './entities/study-task.js';
import { type StudyRecord } from './entities/study.js';
import { readableExam } from '../exams/index.js';
import { AppError, badRequest } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { RequestContext, SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { managedStudy, readableStudy } from './study-access.js';
import { membershipsOf, nextLocalIds } from './study-store.js';
import { getTask, studyTasks, insertTasks, removeTask, saveTask } from './task-store.js';
import { taskView, visibleTasks } from './study-views.js';

/** Study tasks (S13–S15): managers write them; readers of the study read them (private tasks: its members). */

type ExamSnapshot = Pick<
  StudyTaskRecord,
  'exam_id' | 'exam_title_ko' | 'exam_title_en' | 'exam_title' | 'exam_total_questions'
>;
const NO_EXAM: ExamSnapshot = {
  exam_id: null,
  exam_title_ko: '',
  exam_title_en: '',
  exam_title: '',
  exam_total_questions: 0,
};

/**
 * The exam a task links, as the task keeps it: it must exist and be readable by the caller (no
 * linking of someone's private exam), and must not be a daily quiz exam (docs/product.md#studies).
 */
export async function examSnapshot(examId: string | null | undefined, caller: CallerUser): Promise<ExamSnapshot> {
  if (!examId) return NO_EXAM;
  const exam = await readableExam(examId, caller).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404)
      throw badRequest('study_task_exam_not_found', { exam: examId });
    throw error;
  });
  if (isDailyQuizExam(exam)) throw badRequest('study_task_daily_exam');
  return {
    exam_id: exam.id,
    exam_title_ko: exam.title_ko,
    exam_title_en: exam.title_en,
    exam_title: exam.title,
    exam_total_questions: exam.total_questions,
  };
}

/** The task name in the request language is required (docs/product.md#studies; the message names the language). */
export function requireTaskName(task: Pick<StudyTaskRecord, 'name_ko' | 'name_en'>, language: Language): void {
  if (!task[`name_${language}`].trim()) throw badRequest(`study_task_name_required_${language}`);
}

export function newTask(
  study: StudyRecord,
  localId: number,
  fields: Partial<StudyTaskRecord> & ExamSnapshot,
): StudyTaskRecord {
  return {
    id: studyTaskEntity.newId(study.id, localId),
    study_id: study.id,
    name_ko: fields.name_ko ?? '',
    name_en: fields.name_en ?? '',
    progress: fields.progress ?? 0,
    is_public: fields.is_public ?? study.is_public,
    created_at: new Date().toISOString(),
    exam_id: fields.exam_id,
    exam_title_ko: fields.exam_title_ko,
    exam_title_en: fields.exam_title_en,
    exam_title: fields.exam_title,
    exam_total_questions: fields.exam_total_questions,
  };
}

/**
 * GET /api/study-tasks/: `study` — that study's tasks if readable (1 BatchGet + 1 Query); without
 * it, the tasks of the caller's studies (S14: 1 Query + one Query per study, in parallel).
 */
export async function listStudyTasks(input: ServiceInput<typeof studies.listStudyTasks>, ctx: RequestContext) {
  const caller = ctx.caller?.user ?? null;
  const language = input.query.lang ?? ctx.language;
  if (input.query.study) {
    const access = await readableStudy(input.query.study, caller);
    return visibleTasks(await studyTasks(access.study.id), access).map((t) => taskView(t, language));
  }
  if (!caller) return [];
  const memberships = await membershipsOf(caller.id);
  const perStudy = await Promise.all(memberships.map((m) => studyTasks(m.study_id)));
  return perStudy.flat().map((t) => taskView(t, language));
}

/** POST /api/study-tasks/ (S13): managers of the study; visibility defaults to the study's. */
export async function createStudyTask(input: ServiceInput<typeof studies.createStudyTask>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const body = input.body;
  const access = await managedStudy(body.study, caller);
  const fields = {
    name_ko: body.name_ko ?? '',
    name_en: body.name_en ?? '',
    progress: body.progress,
    is_public: body.is_public,
  };
  requireTaskName(fields, ctx.language);
  const exam = await examSnapshot(body.exam, caller);
  const [localId] = await nextLocalIds(access.study.id);
  const task = newTask(access.study, localId!, { ...fields, ...exam });
  await insertTasks(access.study, [task]);
  return taskView(task, ctx.language);
}

/** The task and its study if the caller manages that study (404 for tasks they cannot see). */
async function managedTask(taskId: string, caller: CallerUser) {
  const task = await getTask(taskId);
  if (!task) throw new AppError(404, 'study_task_not_found');
  const access = await managedStudy(task.study_id, caller);
  return { task, access };
}

/** PUT /api/study-tasks/{id}/: managers; the fields given replace the stored ones. */
export async function updateStudyTask(input: ServiceInput<typeof studies.updateStudyTask>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const { task, access } = await managedTask(input.params.id, caller);
  const body = input.body;
  const after: StudyTaskRecord = { ...task };
  if (body.name_ko !== undefined) after.name_ko = body.name_ko;
  if (body.name_en !== undefined) after.name_en = body.name_en;
  if (body.progress !== undefined) after.progress = body.progress;
  if (body.is_public !== undefined) after.is_public = body.is_public;
  requireTaskName(after, ctx.language);
  if (body.exam !== undefined && body.exam !== task.exam_id)
    Object.assign(after, await examSnapshot(body.exam, caller));
  await saveTask(access.study, task, after);
  return taskView(after, ctx.language);
}

/** DELETE /api/study-tasks/{id}/: managers; the task and its exam link go together. */
export async function deleteStudyTask(input: ServiceInput<typeof studies.deleteStudyTask>, ctx: SignedInContext) {
  const { task, access } = await managedTask(input.params.id, ctx.caller.user);
  await removeTask(access.study.id, task);
  return { success: true as const };
}
