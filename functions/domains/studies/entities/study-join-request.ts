import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/**
 * A join request, stored on both sides with the same attributes: `STUDY#<sid>`/`JOINREQ#<uid>`
 * (the study's list, S7) and `USER#<uid>`/`JOINREQ#<sid>` (the user's list S20, withdrawal and
 * export). Id `<sid>_<uid>` resolves to both without an index; one request per user and study.
 */
const joinRequestSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study_id: z.string(),
    user_id: z.string(),
    user_username: orDefault(z.string(), ''),
    user_email: orDefault(z.string(), ''),
    message: orDefault(z.string(), ''),
    requested_at: z.string(),
    status: z.enum(JOIN_REQUEST_STATUSES),
    responded_by_username: orDefault(z.nullable(z.string()), null),
    responded_at: orDefault(z.nullable(z.string()), null),
  }),
);
export type JoinRequestRecord = z.infer<ReturnType<typeof joinRequestSchema>>;
const SK_PREFIX = 'JOINREQ#';

/** `<sid>_<uid>`: study ids are 20 characters of [0-9a-z], so the first `_` splits. */
export function joinRequestId(studyId: string, userId: string): string {
  return `${studyId}_${userId}`;
}
export function parseJoinRequestId(id: string): { studyId: string; userId: string } | null {
  const match = /^([0-9a-z]{20})_([0-9A-Za-z-]{1,64})$/.exec(id);
  return match ? { studyId: match[1]!, userId: match[2]! } : null;
}

export const joinRequestEntity = {
  /** The study side. */
  studyKey: (studyId: string, userId: string) => ({ pk: `STUDY#${studyId}`, sk: `${SK_PREFIX}${userId}` }),
  /** The user side. */
  userKey: (userId: string, studyId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${studyId}` }),
  skPrefix: SK_PREFIX,
  isJoinRequestItem: (item: StoredItem) => String(item.sk).startsWith(SK_PREFIX),
  studyItem: (request: JoinRequestRecord): StoredItem => ({
    ...withoutKeys(request),
    ...joinRequestEntity.studyKey(request.study_id, request.user_id),
    type: 'STUDY_JOINREQ',
  }),
  userItem: (request: JoinRequestRecord): StoredItem => ({
    ...withoutKeys(request),
    ...joinRequestEntity.userKey(request.user_id, request.study_id),
    type: 'USER_JOINREQ',
  }),
  parse: /* @__PURE__ */ itemParser(joinRequestSchema),
};
