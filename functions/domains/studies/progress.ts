import type * as contracts from '#shared/contracts/study-progress.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import {
  MAX_STUDIES_PER_PROGRESS_CALL,
  datesBetween,
  dayOf,
  minutesOf,
  overallProgress,
  periodStart,
  practiceAccuracy,
} from '#shared/domain/study-progress.js';
import { newResultId } from '../../runtime/data/ids.js';
import type { StudyDayRecord } from './entities/study-day.js';
import type { StudyTaskRecord } from './entities/study-task.js';
import { AppError, forbidden } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { drawPracticeQuestions, practicePool } from './progress-pool.js';
import { putPracticeResult, recordProgress, studyDays, tasksWithProgress } from './progress-store.js';
import { canManage, canRead, loadStudyAccess, readableStudy, type StudyAccess } from './study-access.js';
import { membershipsIn } from './study-store.js';
import { studyTasks } from './task-store.js';
import { visibleTasks } from './study-views.js';

/** The caller's overall progress in a study now, from their results on its task exams (S23). */
async function progressNow(userId: string, studyId: string) {
  const tasks = await tasksWithProgress(userId, await studyTasks(studyId));
  return overallProgress(tasks);
}

async function recordOne(userId: string, studyId: string, now: Date) {
  const progress = await progressNow(userId, studyId);
  await recordProgress(userId, studyId, dayOf(now), progress, now.toISOString());
  return { study_id: studyId, overall_progress: progress.correct, attempted_progress: progress.attempted };
}

/**
 * POST /api/record-study-progress/ (S23). One study: unknown → 404, not a member → 403. The list
 * form records the caller's studies among the ids (one BatchGetItem of their memberships), at most
 * `MAX_STUDIES_PER_PROGRESS_CALL`, and skips the rest.
 */
export async function recordStudyProgress(
  input: ServiceInput<typeof contracts.recordStudyProgress>,
  ctx: SignedInContext,
) {
  const userId = ctx.caller.user.id;
  const now = new Date();
  if (input.body.study_id) {
    const access = await loadStudyAccess(input.body.study_id, ctx.caller.user);
    if (!access || !canRead(access)) throw new AppError(404, 'study_not_found');
    if (!access.membership) throw forbidden('study_progress_not_member');
    return { success: true as const, recorded: [await recordOne(userId, access.study.id, now)], skipped: [] };
  }
  const ids = [...new Set(input.body.study_ids ?? [])];
  const memberships = await membershipsIn(userId, ids.slice(0, MAX_STUDIES_PER_PROGRESS_CALL));
  const recordedIds = ids.filter((id) => memberships.has(id));
  const recorded = await Promise.all(recordedIds.map((id) => recordOne(userId, id, now)));
  return { success: true as const, recorded, skipped: ids.filter((id) => !memberships.has(id)) };
}

/** The caller's days of a readable study in the requested period (S25: one Query). */
async function periodOf(access: StudyAccess, userId: string, days: number | undefined) {
  const today = dayOf(new Date());
  const from = periodStart(today, days);
  const records = await studyDays(userId, access.study.id, from, today);
  return { today, from, records };
}

/** GET /api/study-progress-history/{studyId}/ (docs/product.md#studies). */
export async function studyProgressHistory(
  input: ServiceInput<typeof contracts.studyProgressHistory>,
  ctx: SignedInContext,
) {
  const access = await readableStudy(input.params.studyId, ctx.caller.user);
  const { today, from, records } = await periodOf(access, ctx.caller.user.id, input.query.days);
  const byDate = new Map(records.map((r) => [r.date, r]));
  const recordedDays = records.filter((r) => r.access_count > 0 || r.highest_progress !== null);
  const first = from ?? records[0]?.date ?? today;
  return {
    study_id: access.study.id,
    days: input.query.days ?? null,
    summary_table: recordedDays
      .map((r) => ({ date: r.date, access_count: r.access_count, highest_progress: r.highest_progress }))
      .sort((a, b) => (a.date < b.date ? 1 : -1)),
    time_series_data: datesBetween(first, today).map((date) => {
      const day = byDate.get(date);
      return {
        date,
        time: day?.last_recorded_at ?? null,
        attempted_progress: day?.attempted_progress ?? null,
        correct_progress: day?.highest_progress ?? null,
      };
    }),
  };
}

const taskName = (task: StudyTaskRecord, language: Language) => pickLocalized(task, 'name', language);
const examTitle = (task: StudyTaskRecord, language: Language) =>
  task.exam_id ? pickLocalized(task, 'exam_title', language) || task.exam_title : null;

/** GET /api/study-time-statistics/{studyId}/ (docs/product.md#studies): study time of the period, and the tasks' progress. */
export async function studyTimeStatistics(
  input: ServiceInput<typeof contracts.studyTimeStatistics>,
  ctx: SignedInContext,
) {
  const userId = ctx.caller.user.id;
  const language = ctx.language;
  const access = await readableStudy(input.params.studyId, ctx.caller.user);
  const [{ today, from, records }, tasks] = await Promise.all([
    periodOf(access, userId, input.query.days),
    studyTasks(access.study.id).then((t) => visibleTasks(t, access)),
  ]);
  const withProgress = await tasksWithProgress(userId, tasks);

  const sumOf = (field: 'task_seconds' | 'task_answered' | 'task_correct', taskId: string) =>
    records.reduce((sum: number, r: StudyDayRecord) => sum + (r[field][taskId] ?? 0), 0);
  const taskTimes = tasks.map((task) => {
    const seconds = sumOf('task_seconds', task.id);
    return {
      task_id: task.id,
      task_name: taskName(task, language),
      has_exam: !!task.exam_id,
      exam_id: task.exam_id,
      exam_title: examTitle(task, language),
      study_time_seconds: seconds,
      study_time_minutes: minutesOf(seconds),
      answered_count: sumOf('task_answered', task.id),
      correct_count: sumOf('task_correct', task.id),
    };
  });
  const byDate = new Map(records.map((r) => [r.date, r]));
  const first = from ?? records[0]?.date ?? today;
  // The cards, the charts and the tables are all sums of these days.
  const days = datesBetween(first, today).map((date) => {
    const day = byDate.get(date);
    const seconds = day?.study_seconds ?? 0;
    return {
      date,
      study_time_minutes: minutesOf(seconds),
      study_time_seconds: seconds,
      answered_count: day?.answered_count ?? 0,
      correct_count: day?.correct_count ?? 0,
    };
  });
  const total = (field: 'study_time_seconds' | 'answered_count' | 'correct_count') =>
    days.reduce((sum, day) => sum + day[field], 0);
  const totalSeconds = total('study_time_seconds');
  const active = taskTimes.filter((t) => t.study_time_seconds > 0 || t.answered_count > 0).length;
  const overall = overallProgress(withProgress);
  return {
    study_id: access.study.id,
    days: input.query.days ?? null,
    summary: {
      total_tasks: tasks.length,
      active_tasks: active,
      inactive_tasks: tasks.length - active,
      has_study_time: totalSeconds > 0,
      answered_count: total('answered_count'),
      correct_count: total('correct_count'),
      total_study_time_seconds: totalSeconds,
    },
    task_study_times: taskTimes,
    daily_study_times: days,
    total_study_time_minutes: minutesOf(totalSeconds),
    task_progress: withProgress.map(({ task, totalQuestions, progress }) => ({
      task_id: task.id,
      task_name: taskName(task, language),
      exam_id: task.exam_id,
      exam_title: examTitle(task, language),
      total_questions: totalQuestions,
      correct_attempts: progress?.correct_attempts ?? 0,
      total_attempts: progress?.total_attempts ?? 0,
      accuracy_percentage: progress?.accuracy_percentage ?? 0,
      attempted_progress: progress?.attempted_progress ?? 0,
      correct_progress: progress?.correct_progress ?? 0,
    })),
    overall: { attempted_progress: overall.attempted, correct_progress: overall.correct },
    can_view_members: canManage(access),
  };
}

/** Random practice is for the study's active members; site admins any study (docs/product.md#random-practice, #roles). Unknown / unreadable: 404. */
async function practiceStudy(studyId: string, ctx: SignedInContext): Promise<StudyAccess> {
  const access = await readableStudy(studyId, ctx.caller.user);
  if (!access.isAdmin && !access.membership?.is_active) throw forbidden('random_practice_not_member');
  return access;
}

/**
 * The study a practice save names, checked as the draw checks it (active member or site admin), and
 * the task exams its questions may come from (D299; the save itself is the results domain's).
 */
export async function practiceTaskExams(
  studyId: string,
  ctx: SignedInContext,
): Promise<{ studyId: string; examIds: ReadonlySet<string> }> {
  const access = await practiceStudy(studyId, ctx);
  const tasks = await studyTasks(access.study.id);
  return { studyId: access.study.id, examIds: new Set(practicePool(tasks, ctx.language).exams.map((e) => e.examId)) };
}

/** L21: the run's record in the caller's practice history. */
export async function recordPracticeRun(
  userId: string,
  run: { studyId: string; correct: number; total: number; elapsedSeconds: number; now: Date },
): Promise<{ id: string; accuracy: number }> {
  const id = newResultId(run.now.getTime());
  await putPracticeResult(userId, {
    id,
    study_id: run.studyId,
    correct_count: run.correct,
    total_questions: run.total,
    elapsed_seconds: Math.round(run.elapsedSeconds),
    created_at: run.now.toISOString(),
  });
  return { id, accuracy: practiceAccuracy(run.correct, run.total) };
}

/** GET /api/random-practice/{studyId}/?count= (S26, D83). */
export async function drawRandomPracticeQuestions(
  input: ServiceInput<typeof contracts.drawRandomPracticeQuestions>,
  ctx: SignedInContext,
) {
  const access = await practiceStudy(input.params.studyId, ctx);
  const tasks = await studyTasks(access.study.id);
  const pool = practicePool(tasks, ctx.language);
  const questions = await drawPracticeQuestions(pool, input.query.count, ctx.language);
  return { study_id: access.study.id, total_questions: pool.total, task_count: tasks.length, questions };
}
