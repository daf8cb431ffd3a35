import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { CONDITION_FAILED, isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { joinRequestEntity } from './entities/study-join-request.js';
import { studyCountersEntity, studyEntity } from './entities/study.js';
import {
  studyMemberEntity,
  studyMemberKeyEntity,
  type MemberKeyKind,
  type StudyMemberRecord,
} from './entities/study-member.js';
import { studyMembershipEntity } from './entities/study-membership.js';
import { membershipCountItem } from './membership-count.js';
import { paginate } from '../../runtime/data/paginate.js';
import { retry } from '../../runtime/retry.js';
import { db, transactWrite, ITEM_ABSENT, type TransactItem } from '../../runtime/data/db.js';

/**
 * The members of a study (docs/architecture.md §2.7 S6, S16–S18): `MEMBER#` items, their `MEMBERKEY#`
 * uniqueness claims (email, member code, linked user) and the linked user's `MEMBERSHIP#` mirror, always
 * written together in one transaction. Uniqueness is kept by `attribute_not_exists` on the claims, never by
 * a read-then-write. Each `MEMBER#` carries a `revision` so an update or delete built from a stale read
 * fails instead of overwriting a change it did not see.
 */

export type { StudyMemberRecord };

/** A claim (email, member code or linked user) another member of the study already holds. */
export class MemberKeyTaken extends Error {
  constructor(readonly kind: MemberKeyKind) {
    super(`member key taken: ${kind}`);
  }
}
/** The study was deleted while the write ran. */
export class StudyGone extends Error {}
/** The member changed or disappeared since it was read (its revision moved). */
export class MemberChanged extends Error {}

const table = () => config.appTable;

/** A stored member with its optimistic-lock revision. */
export interface StoredMember {
  member: StudyMemberRecord;
  revision: number;
}

const revisionOf = (item: Record<string, unknown>) => (typeof item.revision === 'number' ? item.revision : 0);

export async function getMember(memberId: string): Promise<StoredMember | null> {
  const key = studyMemberEntity.keyOfId(memberId);
  if (!key) return null;
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return Item ? { member: studyMemberEntity.parse(Item), revision: revisionOf(Item) } : null;
}

/** Every member of the study in joining order: one Query per 1 MB page (about 3,000 members a page). */
export async function listMembers(studyId: string): Promise<StudyMemberRecord[]> {
  const members: StudyMemberRecord[] = [];
  for await (const item of paginate({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': studyEntity.partition(studyId), ':prefix': studyMemberEntity.skPrefix },
  })) {
    members.push(studyMemberEntity.parse(item));
  }
  return members;
}

/** The member holding a claim, or null. */
export async function memberIdHolding(studyId: string, kind: MemberKeyKind, value: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: studyMemberKeyEntity.key(studyId, kind, value), ConsistentRead: true }),
  );
  return Item ? studyMemberKeyEntity.parse(Item).member_id : null;
}

/** `count` fresh local numbers of the study (the last of them is the counter's new value). */
export async function allocateLocalIds(studyId: string, count: number): Promise<number[]> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: studyCountersEntity.key(studyId),
      UpdateExpression: 'ADD next_local_id :n',
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = studyCountersEntity.parse(Attributes ?? {}).next_local_id;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

const claimItems = (member: StudyMemberRecord, claims: { kind: MemberKeyKind; value: string }[]): TransactItem[] =>
  claims.map(({ kind, value }) => ({
    Put: {
      TableName: table(),
      Item: studyMemberKeyEntity.item(member.study_id, kind, value, member.id),
      ConditionExpression: ITEM_ABSENT,
    },
  }));

const releaseItems = (member: StudyMemberRecord, claims: { kind: MemberKeyKind; value: string }[]): TransactItem[] =>
  claims.map(({ kind, value }) => ({
    Delete: {
      TableName: table(),
      Key: studyMemberKeyEntity.key(member.study_id, kind, value),
      ConditionExpression: 'attribute_not_exists(pk) OR member_id = :member',
      ExpressionAttributeValues: { ':member': member.id },
    },
  }));

const membershipPut = (member: StudyMemberRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: studyMembershipEntity.item(member.user_id!, {
      study_id: member.study_id,
      member_id: member.id,
      role: member.role,
      is_active: member.is_active,
      joined_at: member.joined_at,
      overall_progress: null,
      last_progress_recorded_at: null,
    }),
  },
});

/** Keeps what record-study-progress writes on the membership (progress) when only the role or active flag changes. */
const membershipUpdate = (member: StudyMemberRecord): TransactItem => ({
  Update: {
    TableName: table(),
    Key: studyMembershipEntity.key(member.user_id!, member.study_id),
    UpdateExpression:
      'SET #role = :role, is_active = :active, member_id = :member, study_id = :study, joined_at = if_not_exists(joined_at, :joined)',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: {
      ':role': member.role,
      ':active': member.is_active,
      ':member': member.id,
      ':study': member.study_id,
      ':joined': member.joined_at,
    },
  },
});

const membershipDelete = (userId: string, studyId: string): TransactItem => ({
  Delete: { TableName: table(), Key: studyMembershipEntity.key(userId, studyId) },
});

const studyExists = (studyId: string): TransactItem => ({
  ConditionCheck: { TableName: table(), Key: studyEntity.key(studyId), ConditionExpression: studyEntity.liveCondition },
});

const memberCount = (studyId: string, delta: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: studyCountersEntity.key(studyId),
    UpdateExpression: 'ADD member_count :d',
    ExpressionAttributeValues: { ':d': delta },
  },
});

/** The items that insert a new member: META check, `MEMBER#`, its claims, its membership, the count. */
export function insertMemberItems(member: StudyMemberRecord): {
  items: TransactItem[];
  claims: { kind: MemberKeyKind; value: string }[];
} {
  const claims = studyMemberKeyEntity.keysOf(member);
  const items: TransactItem[] = [
    studyExists(member.study_id),
    {
      Put: {
        TableName: table(),
        Item: { ...studyMemberEntity.item(member), revision: 1 },
        ConditionExpression: ITEM_ABSENT,
      },
    },
    ...claimItems(member, claims),
    ...(member.user_id ? [membershipPut(member), membershipCountItem(member.user_id, 1)] : []),
    memberCount(member.study_id, 1),
  ];
  return { items, claims };
}

/**
 * Runs a transaction whose items start with `studyExists` and whose claim Puts are at `claimAt` (index →
 * claim kind): a failed claim becomes `MemberKeyTaken`, a missing study `StudyGone`; a failed condition
 * elsewhere is `MemberChanged`. Conflicts with a concurrent transaction are retried a few times.
 */
export async function runMemberTransaction(
  items: TransactItem[],
  claimAt: Map<number, MemberKeyKind>,
  extra: (reasons: string[]) => Error | null = () => null,
) {
  await retry(
    () =>
      transactWrite(items, (reasons) => {
        if (reasons.includes('TransactionConflict')) return null;
        if (reasons[0] === CONDITION_FAILED) return new StudyGone();
        const refusal = extra(reasons);
        if (refusal) return refusal;
        for (const [index, kind] of claimAt) if (reasons[index] === CONDITION_FAILED) return new MemberKeyTaken(kind);
        return new MemberChanged();
      }),
    { attempts: 4, baseMs: 25, shouldRetry: (error) => isTransactionCanceled(error) },
  );
}

/** Claim kinds by their index in `items`. */
export function claimIndexes(
  items: TransactItem[],
  member: Pick<StudyMemberRecord, 'study_id'>,
): Map<number, MemberKeyKind> {
  const at = new Map<number, MemberKeyKind>();
  items.forEach((item, index) => {
    const sk = item.Put?.Item?.sk;
    if (
      item.Put &&
      item.Put.Item?.pk === studyEntity.partition(member.study_id) &&
      typeof sk === 'string' &&
      sk.startsWith(studyMemberKeyEntity.skPrefix)
    ) {
      at.set(index, sk.slice(studyMemberKeyEntity.skPrefix.length).split('#')[0] as MemberKeyKind);
    }
  });
  return at;
}

/** S16: a new member (its id already allocated). */
export async function insertMember(member: StudyMemberRecord): Promise<void> {
  const { items } = insertMemberItems(member);
  try {
    await runMemberTransaction(items, claimIndexes(items, member));
  } catch (error) {
    if (error instanceof StudyGone) await forgetCounters(member.study_id);
    throw error;
  }
}

/** The counter item an allocation may have re-created behind the study's deletion. */
async function forgetCounters(studyId: string) {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: studyEntity.key(studyId), ConsistentRead: true }),
  );
  if (!Item || Item.deleting_at)
    await db().send(new DeleteCommand({ TableName: table(), Key: studyCountersEntity.key(studyId) }));
}

/**
 * S17: replace a member by `after` (same id): claims whose value changed are swapped, the membership follows
 * the linked user (created, updated, moved or removed). Fails with `MemberChanged` if the member moved since
 * `before` was read.
 */
export async function replaceMember(before: StoredMember, after: StudyMemberRecord): Promise<void> {
  const old = before.member;
  const sameClaim = (a: { kind: MemberKeyKind; value: string }, list: { kind: MemberKeyKind; value: string }[]) =>
    list.some(
      (b) =>
        b.kind === a.kind &&
        studyMemberKeyEntity.key(old.study_id, a.kind, a.value).sk ===
          studyMemberKeyEntity.key(old.study_id, b.kind, b.value).sk,
    );
  const oldClaims = studyMemberKeyEntity.keysOf(old);
  const newClaims = studyMemberKeyEntity.keysOf(after);
  const membership: TransactItem[] = [];
  if (old.user_id && old.user_id !== after.user_id)
    membership.push(membershipDelete(old.user_id, old.study_id), membershipCountItem(old.user_id, -1));
  if (after.user_id && old.user_id === after.user_id) membership.push(membershipUpdate(after));
  else if (after.user_id) membership.push(membershipPut(after), membershipCountItem(after.user_id, 1));
  const items: TransactItem[] = [
    studyExists(old.study_id),
    {
      Put: {
        TableName: table(),
        Item: { ...studyMemberEntity.item(after), revision: before.revision + 1 },
        ConditionExpression: before.revision
          ? 'revision = :rev'
          : 'attribute_exists(pk) AND attribute_not_exists(revision)',
        ...(before.revision ? { ExpressionAttributeValues: { ':rev': before.revision } } : {}),
      },
    },
    ...releaseItems(
      old,
      oldClaims.filter((c) => !sameClaim(c, newClaims)),
    ),
    ...claimItems(
      after,
      newClaims.filter((c) => !sameClaim(c, oldClaims)),
    ),
    ...membership,
  ];
  await runMemberTransaction(items, claimIndexes(items, after));
}

/** S18: remove a member, its claims and membership; `leaving` also removes the user's join request (both sides). */
export async function removeMember(stored: StoredMember, options: { leaving?: boolean } = {}): Promise<void> {
  const { member } = stored;
  const items: TransactItem[] = [
    studyExists(member.study_id),
    {
      Delete: {
        TableName: table(),
        Key: studyMemberEntity.keyOfId(member.id)!,
        ConditionExpression: stored.revision
          ? 'revision = :rev'
          : 'attribute_exists(pk) AND attribute_not_exists(revision)',
        ...(stored.revision ? { ExpressionAttributeValues: { ':rev': stored.revision } } : {}),
      },
    },
    ...releaseItems(member, studyMemberKeyEntity.keysOf(member)),
    ...(member.user_id
      ? [membershipDelete(member.user_id, member.study_id), membershipCountItem(member.user_id, -1)]
      : []),
    memberCount(member.study_id, -1),
    ...(options.leaving && member.user_id
      ? [
          { Delete: { TableName: table(), Key: joinRequestEntity.studyKey(member.study_id, member.user_id) } },
          { Delete: { TableName: table(), Key: joinRequestEntity.userKey(member.user_id, member.study_id) } },
        ]
      : []),
  ];
  await runMemberTransaction(items, new Map());
}
