import * as z from 'zod/mini';

/** docs/product.md#studies: member roles inside one study (default member). study_admin and study_leader manage it. */
export const STUDY_MEMBER_ROLES = ['member', 'study_admin', 'study_leader'] as const;
/** A factory, not a schema built at import: contracts and entity schemas are built on first use (D99). */
export const studyMemberRoleSchema = () => z.enum(STUDY_MEMBER_ROLES);
export type StudyMemberRole = (typeof STUDY_MEMBER_ROLES)[number];

/** The roles that manage a study (edit, tasks, members, join requests; docs/product.md#roles). */
export const isManagingRole = (role: StudyMemberRole | null | undefined) =>
  role === 'study_admin' || role === 'study_leader';
