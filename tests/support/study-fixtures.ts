import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { StudyMemberRole } from '#shared/domain/study-roles.js';
import { dynamoDocument } from '../../functions/lib/aws/clients.js';
import { config } from '../../functions/lib/config.js';
import { batchWriteAll, putRequest } from '../../functions/lib/data/batch-ops.js';
import {
  studyCountersEntity,
  studyEntity,
  studyLinkEntity,
  studyMemberEntity,
  studyMemberKeyEntity,
  studyMembershipEntity,
  studyTaskEntity,
  type StudyMemberRecord,
} from '../../functions/lib/data/entities/index.js';
import { newId } from '../../functions/lib/data/ids.js';
import { allocateLocalIds, insertMember } from '../../functions/lib/studies/member-store.js';
import type { FixtureUser } from './fixture-users.js';

/**
 * Studies written straight into the table (META and its counters), so the member tests do not depend on the
 * studies route group. Members go through the member store, as the routes do.
 */
export async function makeStudy(creator: { id: string; username: string }, options: { isPublic?: boolean; title?: string } = {}): Promise<string> {
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
  await dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item: { ...studyCountersEntity.key(id), next_local_id: 0, task_count: 0, member_count: 0 } }));
  return id;
}

export async function setStudyPublic(studyId: string, isPublic: boolean): Promise<void> {
  await dynamoDocument().send(
    new UpdateCommand({ TableName: config.appTable, Key: studyEntity.key(studyId), UpdateExpression: 'SET is_public = :p', ExpressionAttributeValues: { ':p': isPublic } }),
  );
}

/** A member of the study, linked to `user` when given. */
export async function addStudyMember(
  studyId: string,
  fields: { name?: string; email?: string | null; member_id?: string | null; role?: StudyMemberRole; is_active?: boolean; user?: { id: string; username: string } } = {},
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

export const itemsWithPrefix = (items: Record<string, unknown>[], prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));

/** Study fixtures written through the entity layer (members and tasks in bulk without hundreds of API calls). */

export async function createStudy(user: FixtureUser, body: Record<string, unknown> = {}): Promise<{ id: string } & Record<string, any>> {
  const res = await user.client.post('/api/studies/', { [`title_${user.language}`]: `study ${Math.random().toString(36).slice(2)}`, ...body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as never;
}

/** Reserves `count` local ids on the study's counters (as the services do) and returns them. */
async function reserve(studyId: string, count: number, field: 'member_count' | 'task_count'): Promise<number[]> {
  const answer = await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: studyCountersEntity.key(studyId),
      UpdateExpression: `ADD next_local_id :n, ${field} :n`,
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(answer.Attributes?.next_local_id);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** Members as the member routes write them: MEMBER#, its MEMBERKEY#s and, when linked, the user's MEMBERSHIP#. */
export async function addMembers(
  studyId: string,
  members: { userId?: string | null; username?: string; role?: StudyMemberRole; active?: boolean; email?: string }[],
): Promise<StudyMemberRecord[]> {
  const ids = await reserve(studyId, members.length, 'member_count');
  const records: StudyMemberRecord[] = members.map((m, i) => ({
    id: studyMemberEntity.newId(studyId, ids[i]!),
    study_id: studyId,
    user_id: m.userId ?? null,
    user_username: m.username ?? null,
    name: m.username ?? `member ${ids[i]}`,
    email: m.email ?? null,
    member_id: `M${ids[i]}`,
    affiliation: null,
    location: null,
    role: m.role ?? 'member',
    is_active: m.active ?? true,
    joined_at: new Date().toISOString(),
  }));
  await batchWriteAll(
    records.flatMap((r) => [
      putRequest(studyMemberEntity.item(r)),
      ...studyMemberKeyEntity.keysOf(r).map((k) => putRequest(studyMemberKeyEntity.item(studyId, k.kind, k.value, r.id))),
      ...(r.user_id
        ? [
            putRequest(
              studyMembershipEntity.item(r.user_id, {
                study_id: studyId,
                member_id: r.id,
                role: r.role,
                is_active: r.is_active,
                joined_at: r.joined_at,
                overall_progress: null,
                last_progress_recorded_at: null,
              }),
            ),
          ]
        : []),
    ]),
  );
  return records;
}

export async function addMember(studyId: string, user: FixtureUser, role: StudyMemberRole = 'member', active = true) {
  return (await addMembers(studyId, [{ userId: user.id, username: user.username, role, active }]))[0]!;
}

/** `count` tasks, each linking `examId` (with its STUDYLINK# item) when given. */
export async function addTasks(studyId: string, count: number, examId: string | null = null): Promise<string[]> {
  const ids = await reserve(studyId, count, 'task_count');
  const tasks = ids.map((n) => ({
    id: studyTaskEntity.newId(studyId, n),
    study_id: studyId,
    name_ko: `과제 ${n}`,
    name_en: `Task ${n}`,
    exam_id: examId,
    exam_title_ko: '',
    exam_title_en: '',
    exam_title: examId ? 'exam' : '',
    exam_total_questions: 0,
    progress: 0,
    is_public: true,
    created_at: new Date().toISOString(),
  }));
  await batchWriteAll(
    tasks.flatMap((t) => [
      putRequest(studyTaskEntity.item(t)),
      ...(examId ? [putRequest({ ...studyLinkEntity.key(examId, studyId, t.id), type: 'STUDYLINK', study_id: studyId, task_id: t.id })] : []),
    ]),
  );
  return tasks.map((t) => t.id);
}
