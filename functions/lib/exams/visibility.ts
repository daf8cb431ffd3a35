import { isSiteAdmin, hasStudyAdminRole } from '#shared/domain/roles.js';
import type { RequestContext } from '../http/types.js';
import { GENERATED_ID } from '../data/ids.js';
import { AppError } from '../http/app-error.js';
import { getExam, getExamWithQuestions, type ExamRecord, type StoredQuestion } from './exam-store.js';

export type Caller = NonNullable<RequestContext['caller']>['user'];

/**
 * HOOK for the studies feature (issue 5): a member of a study that links the exam may read it
 * even when it is private. Studies do not exist yet, so nobody gains access this way; the
 * studies engineer replaces the body (exam.study_ids ∩ the caller's memberships: one BatchGet of
 * `STUDY#<id>`/`MEMBER#<userId>` items).
 */
export async function studyMembershipGrantsAccess(_exam: ExamRecord, _userId: string): Promise<boolean> {
  return false;
}

/**
 * HOOK for the studies feature: an active study_admin / study_leader of a study linking the exam
 * may edit it (spec 3 §6). False until studies exist.
 */
export async function studyRoleGrantsEdit(_exam: ExamRecord, _userId: string): Promise<boolean> {
  return false;
}

/** A private exam is readable by its creator, site admins and (later) members of a linking study. */
export async function canReadExam(exam: ExamRecord, caller: Caller | null): Promise<boolean> {
  if (exam.is_public) return true;
  if (!caller) return false;
  if (exam.created_by_id === caller.id || isSiteAdmin(caller)) return true;
  return studyMembershipGrantsAccess(exam, caller.id);
}

/** Synchronous part of the read rule, for lists (study access is resolved by the studies feature). */
export function canReadExamDirectly(exam: ExamRecord, caller: Caller | null): boolean {
  return exam.is_public || (!!caller && (exam.created_by_id === caller.id || isSiteAdmin(caller)));
}

export function isCreatorOrAdmin(exam: ExamRecord, caller: Caller): boolean {
  return exam.created_by_id === caller.id || isSiteAdmin(caller);
}

/** Edit (info, tags): admin, exam creator, or a study admin of a linking study (hook). */
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

/**
 * The exam and its questions (1 Query, E1) when the caller may change them: 404 when they cannot
 * read it, 403 `forbiddenCode` when they only read it.
 */
export async function editableExamWithQuestions(examId: string, caller: Caller, forbiddenCode = 'question_forbidden'): Promise<{ exam: ExamRecord; questions: StoredQuestion[] }> {
  const { exam, questions } = GENERATED_ID.test(examId) ? await getExamWithQuestions(examId) : { exam: null, questions: [] };
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  if (!(await canEditExam(exam, caller))) throw new AppError(403, forbiddenCode);
  return { exam, questions };
}
