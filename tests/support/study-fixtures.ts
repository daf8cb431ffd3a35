import { batchWriteAll, putRequest } from '../../functions/lib/data/batch-ops.js';
import { studyEntity, studyLinkEntity, studyMemberEntity, studyMembershipEntity } from '../../functions/lib/data/entities/index.js';
import { newId } from '../../functions/lib/data/ids.js';
import type { FixtureUser } from './fixture-users.js';

export interface LinkedStudy {
  studyId: string;
  memberIds: string[];
}

/**
 * A private study of `creator` whose task links `examId` (the `STUDYLINK#` item the studies
 * feature writes, S13), with `admin` as an active study_admin member (MEMBER# + MEMBERSHIP#) and
 * `extraMembers` active members without a user. Written directly, as the studies routes would.
 */
export async function linkedStudy(creator: FixtureUser, examId: string, admin: FixtureUser, extraMembers = 1): Promise<LinkedStudy> {
  const studyId = newId();
  const now = new Date().toISOString();
  const members = [
    { user: admin, name: admin.username, role: 'study_admin' as const },
    ...Array.from({ length: extraMembers }, (_, i) => ({ user: null, name: `member ${i + 1}`, role: 'member' as const })),
  ].map((m, i) => ({
    id: studyMemberEntity.newId(studyId, i + 1),
    study_id: studyId,
    user_id: m.user?.id ?? null,
    user_username: m.user?.username ?? null,
    name: m.name,
    email: null,
    member_id: null,
    affiliation: null,
    location: null,
    role: m.role,
    is_active: true,
    joined_at: now,
  }));
  await batchWriteAll(
    [
      studyEntity.item({
        id: studyId,
        title_ko: `스터디 ${studyId}`,
        title_en: '',
        goal_ko: '',
        goal_en: '',
        created_language: 'ko',
        start_date: now.slice(0, 10),
        end_date: null,
        is_public: false,
        created_at: now,
        created_by_id: creator.id,
        created_by_username: creator.username,
        tags: [],
        tag_ids: [],
        title_keys: [],
      }),
      { ...studyLinkEntity.key(examId, studyId, `${studyId}_1`), type: 'STUDYLINK', study_id: studyId, study_title_ko: `스터디 ${studyId}`, study_title_en: '', is_public: false },
      ...members.map((m) => studyMemberEntity.item(m)),
      studyMembershipEntity.item(admin.id, {
        study_id: studyId,
        member_id: members[0]!.id,
        role: 'study_admin',
        is_active: true,
        joined_at: now,
        overall_progress: null,
        last_progress_recorded_at: null,
      }),
    ].map(putRequest),
  );
  return { studyId, memberIds: members.map((m) => m.id) };
}
