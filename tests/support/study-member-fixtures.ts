import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StudyMemberRole } from '#shared/domain/study-roles.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { studyCountersEntity, studyEntity } from '../../functions/domains/studies/entities/study.js';
import { studyMemberEntity, type StudyMemberRecord } from '../../functions/domains/studies/entities/study-member.js';
import { newId } from '../../functions/runtime/data/ids.js';
import { allocateLocalIds, insertMember } from '../../functions/domains/studies/member-store.js';

/**
 * Studies written straight into the table (META and its counters), so the member tests do not depend on the
 * studies route group. Members go through the member store, as the routes do.
 */
export async function makeStudy(
  creator: { id: string; username: string },
  options: { isPublic?: boolean; title?: string } = {},
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: studyEntity.item({
        id,
        title_ko: options.title ?? `스터디 ${id}`,
        title_en: options.title ?? `Study ${id}`,
        goal_ko: '',
        goal_en: '',
        created_language: 'ko',
        start_date: now.slice(0, 10),
        end_date: null,
        is_public: options.isPublic ?? true,
        created_at: now,
        created_by_id: creator.id,
        created_by_username: creator.username,
        tags: [],
        tag_ids: [],
        title_keys: [],
      }),
    }),
  );
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: { ...studyCountersEntity.key(id), next_local_id: 0, task_count: 0, member_count: 0 },
    }),
  );
  return id;
}

export async function setStudyPublic(studyId: string, isPublic: boolean): Promise<void> {
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: studyEntity.key(studyId),
      UpdateExpression: 'SET is_public = :p',
      ExpressionAttributeValues: { ':p': isPublic },
    }),
  );
}

/** A member of the study, linked to `user` when given. */
export async function addStudyMember(
  studyId: string,
  fields: {
    name?: string;
    email?: string | null;
    member_id?: string | null;
    role?: StudyMemberRole;
    is_active?: boolean;
    user?: { id: string; username: string };
  } = {},
): Promise<StudyMemberRecord> {
  const [localId] = await allocateLocalIds(studyId, 1);
  const member: StudyMemberRecord = {
    id: studyMemberEntity.newId(studyId, localId!),
    study_id: studyId,
    user_id: fields.user?.id ?? null,
    user_username: fields.user?.username ?? null,
    name: fields.name ?? fields.user?.username ?? `member ${localId}`,
    email: fields.email ?? null,
    member_id: fields.member_id ?? null,
    affiliation: null,
    location: null,
    role: fields.role ?? 'member',
    is_active: fields.is_active ?? true,
    joined_at: new Date().toISOString(),
  };
  await insertMember(member);
  return member;
}

/** Every item of the study's partition, read strongly consistent: what the tests prove "nothing half-written" with. */
export async function studyPartition(studyId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': studyEntity.partition(studyId) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export const itemsWithPrefix = (items: Record<string, unknown>[], prefix: string) =>
  items.filter((item) => String(item.sk).startsWith(prefix));
