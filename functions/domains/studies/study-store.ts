import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { joinRequestEntity, type JoinRequestRecord } from './entities/study-join-request.js';
import {
  studyCountersEntity,
  studyEntity,
  studyTitleClaimEntity,
  type StudyCountersRecord,
  type StudyRecord,
} from './entities/study.js';
import { studyMemberEntity, studyMemberKeyEntity, type StudyMemberRecord } from './entities/study-member.js';
import { studyMembershipEntity, type StudyMembershipRecord } from './entities/study-membership.js';
import { membershipCountItem } from './membership-count.js';
import { studyTaskEntity, type StudyTaskRecord } from './entities/study-task.js';
import { db, ITEM_ABSENT } from '../../runtime/data/db.js';

/** Reads and writes of the study items (docs/architecture.md §2.7, S1–S12). */

const table = () => config.appTable;

/** Memberships a user's lists read (S2): one Query page of small items, then BatchGets of their studies. */
export const MAX_MEMBERSHIPS_LISTED = 200;

export class StudyTitleTakenError extends Error {}

/**
 * S10: the META, its counters, the creator's title claims, and the creator as the first member
 * (`study_admin`, active) with their membership and uniqueness keys — one transaction.
 */
export async function insertStudy(study: StudyRecord, creator: StudyMemberRecord): Promise<void> {
  const membership: StudyMembershipRecord = {
    study_id: study.id,
    member_id: creator.id,
    role: creator.role,
    is_active: creator.is_active,
    joined_at: creator.joined_at,
    overall_progress: null,
    last_progress_recorded_at: null,
  };
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: table(), Item, ConditionExpression: ITEM_ABSENT },
  });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          put(studyEntity.item(study)),
          put({
            ...studyCountersEntity.key(study.id),
            type: 'STUDY_SEQ',
            next_local_id: 1,
            task_count: 0,
            member_count: 1,
          }),
          ...study.title_keys.map((key) => put(studyTitleClaimEntity.item(study.created_by_id, key, study.id))),
          put(studyMemberEntity.item(creator)),
          ...studyMemberKeyEntity
            .keysOf(creator)
            .map((k) => put(studyMemberKeyEntity.item(study.id, k.kind, k.value, creator.id))),
          ...(creator.user_id
            ? [put(studyMembershipEntity.item(creator.user_id, membership)), membershipCountItem(creator.user_id, 1)]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (isTransactionCanceled(error)) throw new StudyTitleTakenError(study.title_keys.join(', '));
    throw error;
  }
}

/** Is one of these title keys already the creator's (another study)? One BatchGet. */
export async function takenTitleKeys(userId: string, keys: string[], exceptStudyId?: string): Promise<string[]> {
  if (keys.length === 0) return [];
  const items = await batchGetAll(
    keys.map((k) => studyTitleClaimEntity.key(userId, k)),
    { consistent: true },
  );
  return items
    .filter((item) => item.study_id !== exceptStudyId)
    .map((item) => String(item.sk).slice('STUDYTITLE#'.length));
}

/**
 * S11: writes the changed META (condition: still live) and swaps the title claims whose key
 * changed, in one transaction. Membership snapshots are not kept (lists read the META).
 */
export async function saveStudy(before: StudyRecord, after: StudyRecord): Promise<void> {
  const added = after.title_keys.filter((k) => !before.title_keys.includes(k));
  const removed = before.title_keys.filter((k) => !after.title_keys.includes(k));
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: { TableName: table(), Item: studyEntity.item(after), ConditionExpression: studyEntity.liveCondition },
          },
          ...added.map((key) => ({
            Put: {
              TableName: table(),
              Item: studyTitleClaimEntity.item(after.created_by_id, key, after.id),
              ConditionExpression: ITEM_ABSENT,
            },
          })),
          ...removed.map((key) => ({
            Delete: {
              TableName: table(),
              Key: studyTitleClaimEntity.key(before.created_by_id, key),
              ConditionExpression: 'attribute_not_exists(pk) OR study_id = :id',
              ExpressionAttributeValues: { ':id': before.id },
            },
          })),
        ],
      }),
    );
  } catch (error) {
    if (isTransactionCanceled(error)) throw new StudyTitleTakenError(added.join(', '));
    throw error;
  }
}

export async function getStudyCounters(studyId: string): Promise<StudyCountersRecord> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: studyCountersEntity.key(studyId), ConsistentRead: true }),
  );
  return studyCountersEntity.parse(Item ?? {});
}

/**
 * The counters of listed studies (task and member counts, the random-practice pool's size: D95), by study id:
 * one BatchGetItem per 100 studies, so a list page (≤ 100) costs one request whatever it holds.
 */
export async function countersOfStudies(studyIds: string[]): Promise<Map<string, StudyCountersRecord>> {
  if (studyIds.length === 0) return new Map();
  const items = await batchGetAll(studyIds.map((id) => studyCountersEntity.key(id)));
  const byPk = new Map(items.map((item) => [String(item.pk), studyCountersEntity.parse(item)]));
  return new Map(studyIds.map((id) => [id, byPk.get(studyEntity.partition(id)) ?? studyCountersEntity.parse({})]));
}

/**
 * `count` fresh local numbers for tasks or members of the study (one `ADD next_local_id :count` on
 * `SEQ`). Numbers are never reused; a number whose write then fails is simply skipped.
 */
export async function nextLocalIds(studyId: string, count = 1): Promise<number[]> {
  const answer = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: studyCountersEntity.key(studyId),
      UpdateExpression: 'ADD next_local_id :count SET #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':count': count, ':type': 'STUDY_SEQ' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(answer.Attributes?.next_local_id);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** The id and display title of a live study (one GetItem), or null: what a result taken from a study task keeps. */
export async function liveStudyTitle(
  studyId: string,
  language: Language,
): Promise<{ id: string; title: string } | null> {
  if (!GENERATED_ID.test(studyId)) return null;
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: studyEntity.key(studyId) }));
  if (!Item) return null;
  const study = studyEntity.parse(Item);
  return study.deleting_at ? null : { id: study.id, title: pickLocalized(study, 'title', language) };
}

/** The whole study partition, read for the detail (S5): META, counters, tasks, members and join requests. */
export interface StudyPartition {
  counters: StudyCountersRecord;
  tasks: StudyTaskRecord[];
  members: StudyMemberRecord[];
  joinRequests: JoinRequestRecord[];
}

/**
 * S5: the tasks, members (and join requests when `withJoinRequests`) of a study: Queries of the
 * study partition by sort-key range, in 1 MB pages. `JOINREQ#` < `MEMBER#` < `MEMBERKEY#` <
 * `META` < `SEQ` < `TASK#`: one Query from `JOINREQ#` (or `MEMBER#`) to the end of the members, one
 * from `SEQ` to the end of the tasks — the uniqueness keys are never read. A 500-member,
 * 200-task study is 2 requests.
 */
export async function readStudyPartition(studyId: string, withJoinRequests: boolean): Promise<StudyPartition> {
  const pk = studyEntity.partition(studyId);
  const [people, rest] = await Promise.all([
    queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':from': withJoinRequests ? joinRequestEntity.skPrefix : studyMemberEntity.skPrefix,
        ':to': `${studyMemberEntity.skPrefix}~`,
      },
    }),
    queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': 'SEQ', ':to': `${studyTaskEntity.skPrefix}~` },
    }),
  ]);
  const countersItem = rest.find(studyCountersEntity.isCountersItem);
  return {
    counters: studyCountersEntity.parse(countersItem ?? {}),
    tasks: rest.filter(studyTaskEntity.isTaskItem).map(studyTaskEntity.parse),
    members: people.filter(studyMemberEntity.isMemberItem).map(studyMemberEntity.parse),
    joinRequests: people.filter(joinRequestEntity.isJoinRequestItem).map(joinRequestEntity.parse),
  };
}

/** S2: the caller's memberships, one Query page (≤ MAX_MEMBERSHIPS_LISTED); `consistent` to correct a count from it. */
export async function membershipsOf(userId: string, consistent = false): Promise<StudyMembershipRecord[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: table(),
      ...(consistent ? { ConsistentRead: true } : {}),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': studyMembershipEntity.key(userId, '').pk,
        ':prefix': studyMembershipEntity.skPrefix,
      },
      Limit: MAX_MEMBERSHIPS_LISTED,
    }),
  );
  return (answer.Items ?? []).map(studyMembershipEntity.parse);
}

/** The caller's memberships of these studies (one BatchGet), by study id. */
export async function membershipsIn(userId: string, studyIds: string[]): Promise<Map<string, StudyMembershipRecord>> {
  if (studyIds.length === 0) return new Map();
  const items = await batchGetAll(studyIds.map((sid) => studyMembershipEntity.key(userId, sid)));
  return new Map(items.map(studyMembershipEntity.parse).map((m) => [m.study_id, m]));
}

/** The caller's join requests (S20): one Query page. */
export async function joinRequestsOf(userId: string): Promise<JoinRequestRecord[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': joinRequestEntity.userKey(userId, '').pk,
        ':prefix': joinRequestEntity.skPrefix,
      },
    },
    { maxPages: 1 },
  );
  return items.map(joinRequestEntity.parse);
}

/** Live studies by id (BatchGet of META; tombstones left out). */
export async function getStudies(studyIds: string[]): Promise<StudyRecord[]> {
  if (studyIds.length === 0) return [];
  return (await batchGetAll(studyIds.map((id) => studyEntity.key(id))))
    .map(studyEntity.parse)
    .filter((s) => !s.deleting_at);
}

/** The creator's studies (gsi1), for withdrawal. */
export async function studiesCreatedBy(userId: string): Promise<StudyRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': studyEntity.creatorPartition(userId) },
  });
  return items.map(studyEntity.parse);
}
