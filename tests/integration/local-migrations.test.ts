import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { countersEntity } from '../../functions/domains/users/entities/counters.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { favoriteEntity } from '../../functions/domains/learning/entities/favorite.js';
import { ignoredEntity } from '../../functions/domains/learning/entities/ignored.js';
import { seedMarkerEntity } from '../../functions/runtime/data/seed-marker.js';
import { studyCountersEntity, studyEntity } from '../../functions/domains/studies/entities/study.js';
import { studyTaskEntity } from '../../functions/domains/studies/entities/study-task.js';
import { WITHDRAWN_CREATOR_ID } from '../../functions/runtime/data/key-parts.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { newId } from '../../functions/runtime/data/ids.js';
import { migrateLocalData, QUESTION_FLAG_COUNTS } from '../../local/migrations.js';
import { makeUser } from '../support/accounts.js';
import { examRecord } from '../support/exam-records.js';

Object.assign(process.env, inject('cloudEnv'));

describe('local data migrations', () => {
  it('moves exams of the unsharded list index into their shard, once', async () => {
    const id = newId();
    const createdAt = new Date().toISOString();
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.appTable,
        // A whole exam as an older build stored it, so the other files' exam lists (sharing this table) can read it.
        Item: {
          ...examEntity.item(
            examRecord({
              id,
              title: `Legacy ${id}`,
              title_ko: '',
              title_key: `legacy ${id}`.toLowerCase(),
              created_at: createdAt,
              created_language: 'en',
              created_by_id: 'withdrawn',
              created_by_username: '',
              search_text: '',
            }),
          ),
          gsi2pk: 'PUBLICEXAMS',
          gsi2sk: `${createdAt}#${id}`,
        },
      }),
    );
    const lines: string[] = [];
    await migrateLocalData((line) => lines.push(line));
    const { Item } = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: examEntity.key(id) }),
    );
    expect(Item).toMatchObject(examEntity.visibilityIndex(true, createdAt, id));
    expect(lines.join()).toMatch(/moved \d+ exams/);
    const again: string[] = [];
    await migrateLocalData((line) => again.push(line));
    expect(again).toEqual([]);
    expect(examEntity.parse(Item!).id).toBe(id);
    await dynamoDocument().send(new DeleteCommand({ TableName: config.appTable, Key: examEntity.key(id) }));
  });

  it('counts the favorites and ignored questions of users from before their caps, once per data directory', async () => {
    const legacy = await makeUser();
    const counted = await makeUser();
    const now = new Date().toISOString();
    const favorite = (questionId: string) => ({
      question_id: questionId,
      question: { id: questionId, title: questionId },
      exam_id: 'exam-legacy',
      exam_title: 'Legacy',
      exam_title_ko: '',
      exam_title_en: '',
      favorited_at: now,
    });
    for (const item of [
      favoriteEntity.item(legacy.id, favorite('q-1')),
      favoriteEntity.item(legacy.id, favorite('q-2')),
      ignoredEntity.item(legacy.id, 'q-3', now),
      // A user whose counters a write of today's code keeps already: left alone.
      favoriteEntity.item(counted.id, favorite('q-1')),
      { ...countersEntity.key(counted.id), type: countersEntity.type, favorite_count: 7 },
    ])
      await dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item: item }));
    await dynamoDocument().send(
      new DeleteCommand({ TableName: config.appTable, Key: seedMarkerEntity.key(QUESTION_FLAG_COUNTS) }),
    );

    const lines: string[] = [];
    await migrateLocalData((line) => lines.push(line));
    expect(lines.join()).toMatch(/counted the favorites and ignored questions of \d+ users/);
    const countersOf = async (userId: string) =>
      countersEntity.parse(
        (
          await dynamoDocument().send(
            new GetCommand({ TableName: config.appTable, Key: countersEntity.key(userId), ConsistentRead: true }),
          )
        ).Item ?? {},
      );
    expect(await countersOf(legacy.id)).toMatchObject({ favorite_count: 2, ignored_count: 1 });
    expect((await countersOf(counted.id)).favorite_count).toBe(7);

    const again: string[] = [];
    await migrateLocalData((line) => again.push(line));
    expect(again).toEqual([]);
  });

  it('drops studies of withdrawn creators from the creator index and counts the pool of studies written before D95, once', async () => {
    const id = newId();
    const now = new Date().toISOString();
    const study = {
      id,
      title_ko: `이전 스터디 ${id}`,
      title_en: '',
      goal_ko: '',
      goal_en: '',
      created_language: 'ko' as const,
      start_date: now.slice(0, 10),
      end_date: null,
      is_public: true,
      created_at: now,
      created_by_id: WITHDRAWN_CREATOR_ID,
      created_by_username: '',
      tags: [],
      tag_ids: [],
      title_keys: [],
    };
    // As an older build wrote it: the withdrawn creator's index entry, counters without the pool.
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.appTable,
        Item: {
          ...studyEntity.item(study),
          gsi1pk: studyEntity.creatorPartition(WITHDRAWN_CREATOR_ID),
          gsi1sk: `${now}#${id}`,
        },
      }),
    );
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.appTable,
        Item: { ...studyCountersEntity.key(id), next_local_id: 3, task_count: 3, member_count: 1 },
      }),
    );
    const task = (n: number, examId: string | null, size: number) =>
      studyTaskEntity.item({
        id: studyTaskEntity.newId(id, n),
        study_id: id,
        name_ko: `과제 ${n}`,
        name_en: '',
        exam_id: examId,
        exam_title_ko: '',
        exam_title_en: '',
        exam_title: '',
        exam_total_questions: size,
        progress: 0,
        is_public: true,
        created_at: now,
      });
    for (const item of [task(1, 'examaaaaaaaaaaaaaaaa', 4), task(2, 'examaaaaaaaaaaaaaaaa', 4), task(3, null, 0)])
      await dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item: item }));

    const lines: string[] = [];
    await migrateLocalData((line) => lines.push(line));
    expect(lines.join()).toMatch(/dropped \d+ studies of withdrawn creators/);
    expect(lines.join()).toMatch(/counted the random-practice pool of \d+ studies/);
    const withdrawn = await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': studyEntity.creatorPartition(WITHDRAWN_CREATOR_ID) },
    });
    expect(withdrawn).toEqual([]);
    const { Item } = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: studyCountersEntity.key(id), ConsistentRead: true }),
    );
    expect(studyCountersEntity.parse(Item!)).toMatchObject({ task_count: 3, question_total: 4 });

    // Once: a later task write keeps the counters moving by ADD and the migration leaves them alone.
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: studyCountersEntity.key(id),
        ...studyCountersEntity.taskUpdate(null, [{ examId: 'exambbbbbbbbbbbbbbbb', tasks: 1, size: 2 }]),
      }),
    );
    const again: string[] = [];
    await migrateLocalData((line) => again.push(line));
    expect(again).toEqual([]);
    const after = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: studyCountersEntity.key(id), ConsistentRead: true }),
    );
    expect(studyCountersEntity.parse(after.Item!).question_total).toBe(6);
  });
});
