import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, flag, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';
import { studyMemberRoleSchema } from '#shared/domain/study-roles.js';

/**
 * `USER#<uid>`/`MEMBERSHIP#<sid>`: the user side of a linked member (S2, S8). One GetItem gives
 * the caller's role in a study; one Query lists their studies. Written in the same transaction as
 * its `MEMBER#` item; the study title/dates are a snapshot for lists (refreshed by study updates
 * lazily, never trusted for permissions).
 */
const studyMembershipSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    study_id: z.string(),
    /** The `MEMBER#` item's id `<sid>_<n>`. */
    member_id: z.string(),
    role: orDefault(studyMemberRoleSchema(), 'member'),
    is_active: flag(),
    joined_at: orDefault(z.string(), ''),
    /** S23: written by record-study-progress. */
    overall_progress: orDefault(z.nullable(z.number()), null),
    last_progress_recorded_at: orDefault(z.nullable(z.string()), null),
  }),
);
export type StudyMembershipRecord = z.infer<ReturnType<typeof studyMembershipSchema>>;
const SK_PREFIX = 'MEMBERSHIP#';

export const studyMembershipEntity = {
  key: (userId: string, studyId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${studyId}` }),
  skPrefix: SK_PREFIX,
  item: (userId: string, membership: StudyMembershipRecord): StoredItem => ({
    ...withoutKeys(membership),
    ...studyMembershipEntity.key(userId, membership.study_id),
    type: 'STUDY_MEMBERSHIP',
  }),
  parse: /* @__PURE__ */ itemParser(studyMembershipSchema),
};
