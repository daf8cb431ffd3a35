import type { Exam } from '#shared/contracts/exam-schemas.js';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import { isSiteAdmin, type RoleBearer } from '#shared/domain/roles.js';

type User = (RoleBearer & { id?: string | number; username?: string }) | null;

/** What the signed-in caller may do on this exam (docs/product.md#roles); the server checks each call again. */
export interface DetailRights {
  isAdmin: boolean;
  isStudyAdmin: boolean;
  isCreator: boolean;
  /** Admin, study admin or creator: edit info, tags, add a question, open Options. */
  canEdit: boolean;
  /** Admin or study admin: My Exam, delete selected questions, delete results of everyone. */
  canManage: boolean;
}

export function detailRights(exam: Exam | undefined, user: User): DetailRights {
  const isAdmin = !!user && (isSiteAdmin(user) || !!exam?.user_permissions?.is_admin);
  const isStudyAdmin = !!exam?.user_permissions?.is_study_admin || !!exam?.user_permissions?.has_study_admin_role;
  const isCreator =
    !!user &&
    !!exam &&
    (exam.user_permissions?.is_creator ?? (user.id !== undefined && exam.created_by?.id === String(user.id)));
  const canEdit = !!user && (exam?.user_permissions?.can_edit ?? (isAdmin || isStudyAdmin || isCreator));
  return { isAdmin, isStudyAdmin, isCreator, canEdit, canManage: isAdmin || isStudyAdmin };
}

/** docs/product.md#roles: the daily random exam button shows on the caller's own daily exam only. */
export function isOwnDailyExam(
  exam: Pick<Exam, 'title' | 'title_ko' | 'title_en'> | undefined,
  username: string | undefined,
): boolean {
  if (!exam || !username) return false;
  const title = dailyQuizTitle(username);
  return [exam.title, exam.title_ko, exam.title_en].some((value) => value?.trim() === title);
}
