import { isSiteAdmin, hasStudyAdminRole } from '#shared/domain/roles.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import { findExam, getExamWithQuestions, studyLinksOf, type ExamRecord, type StoredQuestion } from './exam-store.js';
import { isManagingRole } from '#shared/domain/study-roles.js';
import { studiesOfExams } from './studies-of-exams.js';

/**
 * The caller's memberships of the studies whose tasks link the exam (S9): one Query of the exam's
 * `STUDYLINK#` items + one BatchGet of the caller's `MEMBERSHIP#` for those studies. Runs only
 * when the plain rules (public, creator, site admin) did not already decide.
 */
async function membershipsThroughTasks(exam: ExamRecord, userId: string) {
  const links = await studyLinksOf(exam.id);
  const studyIds = [...new Set(links.map((l) => l.study_id).filter(Boolean))];
  if (studyIds.length === 0) return [];
  return [...(await studiesOfExams().memberships(userId, studyIds)).values()];
}

/** An active member of a study whose task links the exam may read it, even when it is private (§2.7). */
export async function studyMembershipGrantsAccess(exam: ExamRecord, userId: string): Promise<boolean> {
  return (await membershipsThroughTasks(exam, userId)).some((m) => m.is_active);
}

/** An active study_admin / study_leader of a study linking the exam may edit it (docs/product.md#roles). */
export async function studyRoleGrantsEdit(exam: ExamRecord, userId: string): Promise<boolean> {
  return (await membershipsThroughTasks(exam, userId)).some((m) => m.is_active && isManagingRole(m.role));
}

/** A private exam is readable by its creator, site admins and active members of a linking study. */
export async function canReadExam(exam: ExamRecord, caller: CallerUser | null): Promise<boolean> {
  if (exam.is_public) return true;
  if (!caller) return false;
  if (exam.created_by_id === caller.id || isSiteAdmin(caller)) return true;
  return studyMembershipGrantsAccess(exam, caller.id);
}

/** Synchronous part of the read rule, for lists (access through studies needs reads: canReadExam). */
export function canReadExamDirectly(exam: ExamRecord, caller: CallerUser | null): boolean {
  return exam.is_public || (!!caller && (exam.created_by_id === caller.id || isSiteAdmin(caller)));
}

export function isCreatorOrAdmin(exam: ExamRecord, caller: CallerUser): boolean {
  return exam.created_by_id === caller.id || isSiteAdmin(caller);
}

/** Edit (info, tags): admin, exam creator, or an active study_admin / study_leader of a linking study. */
export async function canEditExam(exam: ExamRecord, caller: CallerUser): Promise<boolean> {
  if (isCreatorOrAdmin(exam, caller)) return true;
  return studyRoleGrantsEdit(exam, caller.id);
}

export function permissionsFor(exam: ExamRecord, caller: CallerUser | null) {
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
export async function readableExam(examId: string, caller: CallerUser | null): Promise<ExamRecord> {
  const exam = GENERATED_ID.test(examId) ? await findExam(examId) : null;
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  return exam;
}

/**
 * The exam and its questions (1 Query, E1) when the caller may change them: 404 when they cannot
 * read it, 403 `forbiddenCode` when they only read it.
 */
export async function editableExamWithQuestions(
  examId: string,
  caller: CallerUser,
  forbiddenCode = 'question_forbidden',
): Promise<{ exam: ExamRecord; questions: StoredQuestion[] }> {
  const { exam, questions } = GENERATED_ID.test(examId)
    ? await getExamWithQuestions(examId)
    : { exam: null, questions: [] };
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  if (!(await canEditExam(exam, caller))) throw new AppError(403, forbiddenCode);
  return { exam, questions };
}
