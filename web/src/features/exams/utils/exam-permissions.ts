import type { Exam } from '#shared/contracts/exam-schemas.js';
import { isSiteAdmin, type RoleBearer } from '#shared/domain/roles.js';

type User = (RoleBearer & { id?: string | number }) | null;

/** The creator of the exam (server flag, else the created_by id). */
export function isExamCreator(exam: Exam, user: User): boolean {
  if (!user) return false;
  return exam.user_permissions?.is_creator ?? (user.id !== undefined && exam.created_by?.id === String(user.id));
}

/** docs/product.md#roles: delete (and select for delete) only the user's own exams; admins any. */
export function canDeleteExam(exam: Exam, user: User): boolean {
  if (!user) return false;
  return isSiteAdmin(user) || !!exam.user_permissions?.is_admin || isExamCreator(exam, user);
}

/** Tags and exam info: admin, study admin or creator (docs/product.md#roles), as the server says in can_edit. */
export function canEditExam(exam: Exam, user: User): boolean {
  if (!user) return false;
  return exam.user_permissions?.can_edit ?? canDeleteExam(exam, user);
}
