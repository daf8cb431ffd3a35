import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import { studyCountersEntity, studyEntity } from '../../functions/domains/studies/entities/study.js';
import { studyLinkEntity } from '../../functions/domains/exams/entities/study-link.js';
import {
  studyMemberEntity,
  studyMemberKeyEntity,
  type StudyMemberRecord,
} from '../../functions/domains/studies/entities/study-member.js';
import { studyMembershipEntity } from '../../functions/domains/studies/entities/study-membership.js';
import { studyTaskEntity } from '../../functions/domains/studies/entities/study-task.js';
import type { StudyMemberRole } from '#shared/domain/study-roles.js';
import { newId } from '../../functions/runtime/data/ids.js';
import type { FixtureUser } from './fixture-users.js';

/** Study fixtures written through the entity layer (members and tasks in bulk without hundreds of API calls). */

export async function createStudy(
  user: FixtureUser,
  body: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, any>> {
  const res = await user.client.post('/api/studies/', {
    [`title_${user.language}`]: `study ${Math.random().toString(36).slice(2)}`,
    ...body,
  });
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
      ...studyMemberKeyEntity
        .keysOf(r)
        .map((k) => putRequest(studyMemberKeyEntity.item(studyId, k.kind, k.value, r.id))),
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
  // The pool counters, as the task transactions keep them (D95).
  if (examId)
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: studyCountersEntity.key(studyId),
        ...studyCountersEntity.taskUpdate(null, [{ examId, tasks: count, size: 0 }]),
      }),
    );
  await batchWriteAll(
    tasks.flatMap((t) => [
      putRequest(studyTaskEntity.item(t)),
      ...(examId
        ? [
            putRequest({
              ...studyLinkEntity.key(examId, studyId, t.id),
              type: 'STUDYLINK',
              study_id: studyId,
              task_id: t.id,
            }),
          ]
        : []),
    ]),
  );
  return tasks.map((t) => t.id);
}
export interface LinkedStudy {
  studyId: string;
  memberIds: string[];
}

/**
 * A private study of `creator` whose task links `examId` (the `STUDYLINK#` item the studies
 * feature writes, S13), with `admin` as an active study_admin member (MEMBER# + MEMBERSHIP#) and
 * `extraMembers` active members without a user. Written directly, as the studies routes would.
 */
export async function linkedStudy(
  creator: FixtureUser,
  examId: string,
  admin: FixtureUser,
  extraMembers = 1,
): Promise<LinkedStudy> {
  const studyId = newId();
  const now = new Date().toISOString();
  const members = [
    { user: admin, name: admin.username, role: 'study_admin' as const },
    ...Array.from({ length: extraMembers }, (_, i) => ({
      user: null,
      name: `member ${i + 1}`,
      role: 'member' as const,
    })),
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
      {
        ...studyLinkEntity.key(examId, studyId, `${studyId}_1`),
        type: 'STUDYLINK',
        study_id: studyId,
        study_title_ko: `스터디 ${studyId}`,
        study_title_en: '',
        is_public: false,
      },
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
