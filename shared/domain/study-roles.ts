/** Spec 4 §4: a study member's role; `member` is the default. */
export const STUDY_MEMBER_ROLES = ['member', 'study_admin', 'study_leader'] as const;
export type StudyMemberRole = (typeof STUDY_MEMBER_ROLES)[number];

/** Roles that manage a study (edit, tasks, members, join requests) when the member is active. */
export function isStudyManagerRole(role: StudyMemberRole): boolean {
  return role === 'study_admin' || role === 'study_leader';
}

/** Spec 4 §4: join request statuses. */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
