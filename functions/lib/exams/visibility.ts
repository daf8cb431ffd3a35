import { isSiteAdmin, hasStudyAdminRole } from '#shared/domain/roles.js';
import type { RequestContext } from '../http/types.js';
import { GENERATED_ID } from '../data/ids.js';
import { AppError } from '../http/app-error.js';
import { getExam, studyLinksOf, type ExamRecord } from './exam-store.js';
import { isManagingRole } from '#shared/domain/study-roles.js';
import { membershipsIn } from '../studies/study-store.js';

export type Caller = NonNullable<RequestContext['caller']>['user'];

/**
 * The caller's memberships of the studies whose tasks link the exam (S9): one Query of the exam's
 * `STUDYLINK#` items + one BatchGet of the caller's `MEMBERSHIP#` for those studies. Runs only
 * when the plain rules (public, creator, site admin) did not already decide.
 */
async function membershipsThroughTasks(exam: ExamRecord, userId: string) {
  const links = await studyLinksOf(exam.id);
  const studyIds = [...new Set(links.map((l) => l.study_id).filter(Boolean))];
  return [...(await membershipsIn(userId, studyIds)).values()];
}

/** An active member of a study whose task links the exam may read it, even when it is private (§2.7). */
export async function studyMembershipGrantsAccess(exam: ExamRecord, userId: string): Promise<boolean> {
  return (await membershipsThroughTasks(exam, userId)).some((m) => m.is_active);
}

/** An active study_admin / study_leader of a study linking the exam may edit it (spec 3 §6). */
export async function studyRoleGrantsEdit(exam: ExamRecord, userId: string): Promise<boolean> {
  return (await membershipsThroughTasks(exam, userId)).some((m) => m.is_active && isManagingRole(m.role));
}

/** A private exam is readable by its creator, site admins and active members of a linking study. */
export async function canReadExam(exam: ExamRecord, caller: Caller | null): Promise<boolean> {
  if (exam.is_public) return true;
  if (!caller) return false;
  if (exam.created_by_id === caller.id || isSiteAdmin(caller)) return true;
  return studyMembershipGrantsAccess(exam, caller.id);
}

/** Synchronous part of the read rule, for lists (access through studies needs reads: canReadExam). */
export function canReadExamDirectly(exam: ExamRecord, caller: Caller | null): boolean {
  return exam.is_public || (!!caller && (exam.created_by_id === caller.id || isSiteAdmin(caller)));
}

export function isCreatorOrAdmin(exam: ExamRecord, caller: Caller): boolean {
  return exam.created_by_id === caller.id || isSiteAdmin(caller);
}

/** Edit (info, tags): admin, exam creator, or an active study_admin / study_leader of a linking study. */
export async function canEditExam(exam: ExamRecord, caller: Caller): Promise<boolean> {
  if (isCreatorOrAdmin(exam, caller)) return true;
  return studyRoleGrantsEdit(exam, caller.id);
}

export function permissionsFor(exam: ExamRecord, caller: Caller | null) {
  const isAdmin = isSiteAdmin(caller);
  const isCreator = !!caller && exam.created_by_id === caller.id;
  return {
    is_admin: isAdmin,
    is_creator: isCreator,
    has_study_admin_role: hasStudyAdminRole(caller),
    is_study_admin: false,
    can_edit: isAdmin || isCreator,
  };
}

/** The exam by id if the caller may read it; 404 otherwise (a private exam does not reveal that it exists). */
export async function readableExam(examId: string, caller: Caller | null): Promise<ExamRecord> {
  const exam = GENERATED_ID.test(examId) ? await getExam(examId) : null;
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  return exam;
}
