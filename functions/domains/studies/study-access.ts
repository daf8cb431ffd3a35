import { isSiteAdmin } from '#shared/domain/roles.js';
import { isManagingRole, type StudyMemberRole } from '#shared/domain/study-roles.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { joinRequestEntity, type JoinRequestRecord } from './entities/study-join-request.js';
import { studyEntity, type StudyRecord } from './entities/study.js';
import { studyMembershipEntity, type StudyMembershipRecord } from './entities/study-membership.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { CallerUser } from '../../runtime/http/types.js';

/**
 * The caller's relation to one study: what every permission of the studies authorization table
 * (docs/architecture.md §2.7) is decided from. `membership` is the caller's `MEMBERSHIP#` item
 * (S8), or null.
 */
export interface StudyAccess {
  study: StudyRecord;
  caller: CallerUser | null;
  isAdmin: boolean;
  isCreator: boolean;
  membership: StudyMembershipRecord | null;
  /** The caller's own join request to this study (read in the same BatchGet), or null. */
  joinRequest: JoinRequestRecord | null;
}

/**
 * The study META, the caller's membership and the caller's join request in one BatchGetItem
 * (strongly consistent), or null
 * when the study does not exist or is being deleted. Anonymous callers: the META only. Ids that cannot be study ids
 * cost no read.
 */
export async function loadStudyAccess(
  studyId: string,
  caller: CallerUser | null,
  options: { includeDeleting?: boolean } = {},
): Promise<StudyAccess | null> {
  if (!GENERATED_ID.test(studyId)) return null;
  const membershipKey = caller ? studyMembershipEntity.key(caller.id, studyId) : null;
  const requestKey = caller ? joinRequestEntity.userKey(caller.id, studyId) : null;
  const keys = [studyEntity.key(studyId), ...(membershipKey && requestKey ? [membershipKey, requestKey] : [])];
  const items = await batchGetAll(keys, { consistent: true });
  const meta = items.find(studyEntity.isMetaItem);
  if (!meta) return null;
  const membershipItem = items.find((item) => item.pk === membershipKey?.pk && item.sk === membershipKey?.sk);
  const requestItem = items.find((item) => item.pk === requestKey?.pk && item.sk === requestKey?.sk);
  const study = studyEntity.parse(meta);
  // A study whose deletion started is gone for every reader (S12); only a repeated delete sees it.
  if (study.deleting_at && !options.includeDeleting) return null;
  return {
    study,
    caller,
    isAdmin: isSiteAdmin(caller),
    isCreator: !!caller && study.created_by_id === caller.id,
    membership: membershipItem ? studyMembershipEntity.parse(membershipItem) : null,
    joinRequest: requestItem ? joinRequestEntity.parse(requestItem) : null,
  };
}

/** The caller's role if they are an active member, else null. */
export const activeRole = (access: StudyAccess): StudyMemberRole | null =>
  access.membership?.is_active ? access.membership.role : null;

/** Read a study: public ones anyone; private ones members (active or not), the creator, site admins. */
export const canRead = (access: StudyAccess) =>
  access.study.is_public || access.isAdmin || access.isCreator || !!access.membership;

/** Edit the study and its tags, tasks and members, answer join requests: site admin, creator, active study_admin / study_leader. */
export const canManage = (access: StudyAccess) =>
  access.isAdmin || access.isCreator || isManagingRole(activeRole(access));

/** Delete the study (docs/product.md#roles: admin, creator, study_admin or study_leader member): the managers. */
export const canDelete = canManage;

/**
 * The copy-tasks and upload-sheet toolbar (docs/product.md#study-detail; D41 revised): site admins only.
 * A study's other managers add tasks one by one; every reader downloads the sheet.
 */
export const canUseSheets = (access: StudyAccess) => access.isAdmin;

/** The study if the caller may read it; 404 otherwise (a private study does not reveal that it exists). */
export async function readableStudy(studyId: string, caller: CallerUser | null): Promise<StudyAccess> {
  const access = await loadStudyAccess(studyId, caller);
  if (!access || !canRead(access)) throw new AppError(404, 'study_not_found');
  return access;
}

/** The study if the caller may manage it: 404 when they cannot even read it, 403 when they only read it. */
export async function managedStudy(studyId: string, caller: CallerUser): Promise<StudyAccess> {
  const access = await readableStudy(studyId, caller);
  if (!canManage(access)) throw new AppError(403, 'study_forbidden');
  return access;
}
