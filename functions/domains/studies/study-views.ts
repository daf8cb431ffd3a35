import type { JoinRequest, Study, StudyMember, StudyPermissions, StudyTask } from '#shared/contracts/studies.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import type { TaskProgress } from '#shared/domain/study-progress.js';
import type { JoinRequestRecord } from './entities/study-join-request.js';
import type { StudyCountersRecord, StudyRecord } from './entities/study.js';
import type { StudyMemberRecord } from './entities/study-member.js';
import type { StudyTaskRecord } from './entities/study-task.js';
import { tagView } from '../tags/index.js';
import { canManage, canDelete, canUseSheets, type StudyAccess } from './study-access.js';

/** Study answers (docs/product.md#studies) built from records; no reads here. */

export function studyDisplayTitle(study: Pick<StudyRecord, 'title_ko' | 'title_en'>, language: Language): string {
  return pickLocalized(study, 'title', language);
}

export function permissionsView(access: StudyAccess): StudyPermissions {
  return {
    is_member: !!access.membership,
    is_active_member: !!access.membership?.is_active,
    member_role: access.membership?.role ?? null,
    is_creator: access.isCreator,
    is_admin: access.isAdmin,
    can_manage: canManage(access),
    can_delete: canDelete(access),
    can_use_sheets: canUseSheets(access),
    join_request_status: access.joinRequest?.status ?? null,
  };
}

export function studyView(study: StudyRecord, language: Language, extras: Partial<Study> = {}): Study {
  return {
    id: study.id,
    title_ko: study.title_ko,
    title_en: study.title_en,
    display_title: studyDisplayTitle(study, language),
    goal_ko: study.goal_ko,
    goal_en: study.goal_en,
    is_ko_complete: !!(study.title_ko && study.goal_ko),
    is_en_complete: !!(study.title_en && study.goal_en),
    created_language: study.created_language,
    start_date: study.start_date,
    end_date: study.end_date,
    is_public: study.is_public,
    created_at: study.created_at,
    created_by: { id: study.created_by_id, username: study.created_by_username },
    tags: study.tags.map((t) => tagView(t, language, 0)),
    ...extras,
  };
}

/** What a study answer shows of its counters item (detail, and lists asked `with_counters`). */
export function countersView(
  counters: StudyCountersRecord,
): Pick<Study, 'task_count' | 'member_count' | 'question_total'> {
  return {
    task_count: counters.task_count,
    member_count: counters.member_count,
    question_total: counters.question_total,
  };
}

/** A task as the API shows it; `progress` is the caller's own on the task exam (null: no exam, never taken, or anonymous). */
export function taskView(task: StudyTaskRecord, language: Language, progress: TaskProgress | null = null): StudyTask {
  return {
    id: task.id,
    study: task.study_id,
    name_ko: task.name_ko,
    name_en: task.name_en,
    name: pickLocalized(task, 'name', language),
    exam: task.exam_id
      ? {
          id: task.exam_id,
          title_ko: task.exam_title_ko,
          title_en: task.exam_title_en,
          display_title: pickLocalized(
            { title_ko: task.exam_title_ko, title_en: task.exam_title_en, title: task.exam_title },
            'title',
            language,
          ),
          questions: task.exam_total_questions,
        }
      : null,
    progress: task.progress,
    is_public: task.is_public,
    created_at: task.created_at,
    correct_attempts: progress?.correct_attempts ?? null,
    total_attempts: progress?.total_attempts ?? null,
    accuracy_percentage: progress?.accuracy_percentage ?? null,
    attempted_progress: progress?.attempted_progress ?? null,
    correct_progress: progress?.correct_progress ?? null,
    // The original client names it without a rule: the caller's progress on the task is the share of its questions answered correctly.
    user_progress: progress?.correct_progress ?? null,
  };
}

/** Emails and member codes only for the study's managers and site admins (and a member's own row). */
export function memberView(
  member: StudyMemberRecord,
  options: { showPrivate: boolean; viewerId?: string | null; progress?: number | null },
): StudyMember {
  const own = !!options.viewerId && member.user_id === options.viewerId;
  const visible = options.showPrivate || own;
  return {
    id: member.id,
    study: member.study_id,
    user: member.user_id,
    user_username: member.user_username,
    name: member.name,
    email: visible ? member.email : null,
    member_id: visible ? member.member_id : null,
    affiliation: member.affiliation,
    location: member.location,
    role: member.role,
    is_active: member.is_active,
    joined_at: member.joined_at,
    progress: options.progress ?? null,
  };
}

export function joinRequestView(request: JoinRequestRecord, options: { showEmail: boolean }): JoinRequest {
  return {
    id: request.id,
    study: request.study_id,
    user_username: request.user_username,
    user_email: options.showEmail ? request.user_email : null,
    message: request.message,
    requested_at: request.requested_at,
    status: request.status,
    responded_by_username: request.responded_by_username,
  };
}

/** Private tasks are shown to the study's members and managers only. */
export function visibleTasks(tasks: StudyTaskRecord[], access: StudyAccess): StudyTaskRecord[] {
  const insider = !!access.membership || access.isAdmin || access.isCreator;
  return insider ? tasks : tasks.filter((t) => t.is_public);
}
