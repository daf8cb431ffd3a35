import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, flag, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { childId, localSk, parseChildId } from './study.js';

import { studyMemberRoleSchema } from '#shared/domain/study-roles.js';

/** `STUDY#<sid>`/`MEMBER#<n>`: a member of a study; id `<sid>_<n>`. A member linked to a user has a `MEMBERSHIP#` mirror. */
const studyMemberSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study_id: z.string(),
    user_id: orDefault(z.nullable(z.string()), null),
    user_username: orDefault(z.nullable(z.string()), null),
    name: z.string(),
    email: orDefault(z.nullable(z.string()), null),
    member_id: orDefault(z.nullable(z.string()), null),
    affiliation: orDefault(z.nullable(z.string()), null),
    location: orDefault(z.nullable(z.string()), null),
    role: orDefault(studyMemberRoleSchema(), 'member'),
    is_active: flag(),
    joined_at: z.string(),
  }),
);
export type StudyMemberRecord = z.infer<ReturnType<typeof studyMemberSchema>>;
const SK_PREFIX = 'MEMBER#';

export const studyMemberEntity = {
  key: (studyId: string, localId: number) => ({ pk: `STUDY#${studyId}`, sk: localSk(SK_PREFIX, localId) }),
  keyOfId(memberId: string) {
    const parsed = parseChildId(memberId);
    return parsed ? studyMemberEntity.key(parsed.studyId, parsed.localId) : null;
  },
  newId: childId,
  skPrefix: SK_PREFIX,
  isMemberItem: (item: StoredItem) => String(item.sk).startsWith(SK_PREFIX),
  item(member: StudyMemberRecord): StoredItem {
    const parsed = parseChildId(member.id);
    if (!parsed) throw new Error(`not a member id: ${member.id}`);
    return { ...withoutKeys(member), ...studyMemberEntity.key(parsed.studyId, parsed.localId), type: 'STUDY_MEMBER' };
  },
  parse: /* @__PURE__ */ itemParser(studyMemberSchema),
};

export type MemberKeyKind = 'EMAIL' | 'CODE' | 'USER';
const KEY_PREFIX = 'MEMBERKEY#';

/**
 * `STUDY#<sid>`/`MEMBERKEY#<EMAIL|CODE|USER>#<value>` {member_id}: uniqueness of a member's email
 * (lower-cased), member code and linked user inside one study, claimed with `attribute_not_exists`
 * in the member's transaction (no read-then-write race).
 */
export const studyMemberKeyEntity = {
  key: (studyId: string, kind: MemberKeyKind, value: string) => ({
    pk: `STUDY#${studyId}`,
    sk: `${KEY_PREFIX}${kind}#${kind === 'EMAIL' ? value.trim().toLowerCase() : value.trim()}`,
  }),
  skPrefix: KEY_PREFIX,
  item: (studyId: string, kind: MemberKeyKind, value: string, memberId: string): StoredItem => ({
    ...studyMemberKeyEntity.key(studyId, kind, value),
    type: 'STUDY_MEMBER_KEY',
    member_id: memberId,
  }),
  /** The claims a member holds: one per non-empty email, member code and linked user. */
  keysOf(member: Pick<StudyMemberRecord, 'study_id' | 'email' | 'member_id' | 'user_id'>) {
    const keys: { kind: MemberKeyKind; value: string }[] = [];
    if (member.email?.trim()) keys.push({ kind: 'EMAIL', value: member.email });
    if (member.member_id?.trim()) keys.push({ kind: 'CODE', value: member.member_id });
    if (member.user_id) keys.push({ kind: 'USER', value: member.user_id });
    return keys;
  },
  parse: /* @__PURE__ */ itemParser(/* @__PURE__ */ lazy(() => z.object({ member_id: z.string() }))),
};
