import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../functions/runtime/data/dynamo-errors.js';
import { dynamoDocument } from '../functions/runtime/aws/clients.js';
import { config } from '../functions/runtime/config.js';
import { countersEntity, migrateUserListShards, userEntity } from '../functions/domains/users/index.js';
import { favoriteEntity, ignoredEntity } from '../functions/domains/learning/index.js';
import { migrateTagListShards } from '../functions/domains/tags/index.js';
import { seedMarkerEntity } from '../functions/runtime/data/seed-marker.js';
import { userPk, WITHDRAWN_CREATOR_ID } from '../functions/runtime/data/key-parts.js';
import {
  fileEntity,
  migrateFileListShards,
  questionPoolCounterEntity,
  QUESTION_COUNTER_SHARDS,
} from '../functions/domains/files/index.js';
import { examEntity, examListShards } from '../functions/domains/exams/index.js';
import {
  studyCountersEntity,
  studyEntity,
  studyListShards,
  studyTaskEntity,
  type PoolChange,
} from '../functions/domains/studies/index.js';
import { batchGetAll } from '../functions/runtime/data/batch-ops.js';
import { queryAll, queryBounded } from '../functions/runtime/data/paginate.js';

/**
 * Brings a data directory written by an older build up to today's key layout. Each step reads
 * only the legacy index partitions it moves (no Scan) and is a no-op once they are empty.
 * Nothing was ever deployed with the old layouts, so these run locally only.
 */
export async function migrateLocalData(print: (line: string) => void = () => undefined): Promise<void> {
  let moved = 0;
  // Exam lists were one gsi2 partition per visibility before they were sharded (architecture §3.2).
  for (const legacy of ['PUBLICEXAMS', 'PRIVATEEXAMS']) {
    for (;;) {
      const { items } = await queryBounded(
        {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': legacy },
          Limit: 100,
        },
        { want: 100, maxPages: 1 },
      );
      if (items.length === 0) break;
      for (const item of items) {
        const keys = examEntity.visibilityIndex(item.is_public === true, String(item.created_at), String(item.id));
        await dynamoDocument().send(
          new UpdateCommand({
            TableName: config.appTable,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
            ExpressionAttributeValues: { ':pk': keys.gsi2pk, ':sk': keys.gsi2sk },
          }),
        );
        moved++;
      }
    }
  }
  if (moved) print(`moved ${moved} exams to the sharded exam-list index`);

  // The question-pool counter (GET /api/questions/) came after the first imports: seed it once
  // from the file records when no shard exists yet.
  const shards = await batchGetAll(
    Array.from({ length: QUESTION_COUNTER_SHARDS }, (_, shard) => questionPoolCounterEntity.key(shard)),
  );
  if (shards.length === 0) {
    const total = await questionsInFileRecords();
    if (total > 0) {
      await dynamoDocument().send(
        new PutCommand({ TableName: config.appTable, Item: { ...questionPoolCounterEntity.key(0), count: total } }),
      );
      print(`counted ${total} questions in the existing question files`);
    }
  }

  // The user and file lists' legacy single partitions (D190): what the index-shards job does in AWS.
  const users = await migrateUserListShards(Infinity);
  const tags = await migrateTagListShards(Infinity);
  const files = await migrateFileListShards(Infinity);
  const movedAll = users.moved + tags.moved + files.moved;
  if (movedAll > 0) print(`moved ${users.moved} users, ${tags.moved} tags and ${files.moved} files to the list shards`);

  await dropWithdrawnStudyIndex(print);
  await countStudyPools(print);
  await countQuestionFlags(print);
  await privatizeExamsOfPrivateQuestions(print);
}

/** Every file record of one visibility, from its list shards and the legacy single partition. */
async function fileRecords(isPublic: boolean, projection: string) {
  const partitions = [...fileEntity.visibilityPartitions(isPublic), fileEntity.legacyVisibilityPartition(isPublic)];
  const pages = await Promise.all(
    partitions.map((pk) =>
      queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: projection,
      }),
    ),
  );
  return pages.flat();
}

/**
 * The questions of every file record, read from the file lists: what the question-pool counter is
 * seeded from here, and what it must equal (tests/integration/question-pool-count.test.ts).
 */
export async function questionsInFileRecords(): Promise<number> {
  const files = [...(await fileRecords(true, 'max_questions')), ...(await fileRecords(false, 'max_questions'))];
  return files.reduce((sum, file) => sum + Number(file.max_questions ?? 0), 0);
}

/** The marker (`SEED#<name>`) of the one-time visibility audit below. */
export const PRIVATE_QUESTION_EXAMS = 'migration-private-question-exams';

/**
 * Exams were public by default, also when built from a private question file. Once per data
 * directory, every listed exam is checked: one whose questions come from a private file is marked
 * `has_private_questions` and, when public, made private (and moved to the private list shard).
 * Reads the exam-list shards and each exam's question file ids (a migration, not a user path).
 * Returns how many exams were made private.
 */
export async function privatizeExamsOfPrivateQuestions(
  print: (line: string) => void = () => undefined,
): Promise<{ checked: number; marked: number; madePrivate: number }> {
  const marker = seedMarkerEntity.key(PRIVATE_QUESTION_EXAMS);
  if ((await batchGetAll([marker])).length > 0) return { checked: 0, marked: 0, madePrivate: 0 };
  const privateFiles = new Set((await fileRecords(false, 'id')).map((file) => String(file.id)));
  let checked = 0;
  let marked = 0;
  let madePrivate = 0;
  for (const isPublic of [true, false]) {
    for (const shard of examListShards(isPublic)) {
      const exams = await queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': shard },
      });
      for (const item of exams) {
        checked++;
        const exam = examEntity.parse(item);
        if (exam.has_private_questions || privateFiles.size === 0) continue;
        const questionFiles = await queryAll({
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': examEntity.partition(exam.id),
            ':from': 'Q#',
            ':to': examEntity.questionsEnd,
          },
          ProjectionExpression: 'file_id',
        });
        const fromPrivateFile = [exam.file_id, ...questionFiles.map((q) => q.file_id)].some(
          (id) => !!id && privateFiles.has(String(id)),
        );
        if (!fromPrivateFile) continue;
        const keys = examEntity.visibilityIndex(false, exam.created_at, exam.id);
        await dynamoDocument().send(
          new UpdateCommand({
            TableName: config.appTable,
            Key: examEntity.key(exam.id),
            UpdateExpression: 'SET has_private_questions = :yes, is_public = :no, gsi2pk = :pk, gsi2sk = :sk',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':yes': true, ':no': false, ':pk': keys.gsi2pk, ':sk': keys.gsi2sk },
          }),
        );
        marked++;
        if (exam.is_public) madePrivate++;
      }
    }
  }
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: seedMarkerEntity.item(PRIVATE_QUESTION_EXAMS, new Date().toISOString()),
    }),
  );
  if (marked)
    print(
      `checked ${checked} exams: ${marked} hold questions of private files, ${madePrivate} of them were public and are now private`,
    );
  return { checked, marked, madePrivate };
}

/** The marker (`SEED#<name>`) of the one-time count below. */
export const QUESTION_FLAG_COUNTS = 'migration-question-flag-counts';

/**
 * The caps on favorites and ignored questions (docs/decisions/questions-and-favorites.md) count them on the
 * user's COUNTERS item. Users whose counters have no `favorite_count` yet get both counts from
 * their items, unless a write of the new code counted them already.
 */
async function countQuestionFlags(print: (line: string) => void): Promise<void> {
  const marker = seedMarkerEntity.key(QUESTION_FLAG_COUNTS);
  if ((await batchGetAll([marker])).length > 0) return;
  let counted = 0;
  const users = [];
  for (const pk of [...userEntity.listPartitions(), userEntity.legacyListPartition]) {
    users.push(
      ...(await queryAll({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'id',
      })),
    );
  }
  const count = async (userId: string, prefix: string) =>
    (
      await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
        ProjectionExpression: 'sk',
      })
    ).length;
  // One BatchGetItem per 100 users for their counters, not a read per user.
  const countedAlready = new Set(
    (await batchGetAll(users.map(({ id }) => countersEntity.key(String(id)))))
      .filter((item) => 'favorite_count' in item)
      .map((item) => String(item.pk)),
  );
  for (const { id } of users) {
    const userId = String(id);
    if (countedAlready.has(countersEntity.key(userId).pk)) continue;
    const [favorites, ignored] = await Promise.all([
      count(userId, favoriteEntity.skPrefix),
      count(userId, ignoredEntity.skPrefix),
    ]);
    if (favorites === 0 && ignored === 0) continue;
    try {
      await dynamoDocument().send(
        new UpdateCommand({
          TableName: config.appTable,
          Key: countersEntity.key(userId),
          UpdateExpression: 'SET #type = :type, favorite_count = :f, ignored_count = :i',
          ConditionExpression: 'attribute_not_exists(favorite_count) AND attribute_not_exists(ignored_count)',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': countersEntity.type, ':f': favorites, ':i': ignored },
        }),
      );
      counted++;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  // Once per data directory: every write since counts, so later starts need not read every user again.
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: seedMarkerEntity.item(QUESTION_FLAG_COUNTS, new Date().toISOString()),
    }),
  );
  if (counted) print(`counted the favorites and ignored questions of ${counted} users`);
}

/** Gap 13 (D94): studies of withdrawn creators were listed under one creator partition; they have no creator entry now. */
async function dropWithdrawnStudyIndex(print: (line: string) => void): Promise<void> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': studyEntity.creatorPartition(WITHDRAWN_CREATOR_ID) },
  });
  for (const item of items) {
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
      }),
    );
  }
  if (items.length) print(`dropped ${items.length} studies of withdrawn creators from the creator index`);
}

/**
 * D95: the random-practice pool on the study counters came after the first studies. A counters item
 * without pool attributes whose study has exam tasks gets them from its tasks, on the condition that
 * no task was added or removed meanwhile (`task_count` unchanged); studies written since carry them.
 */
async function countStudyPools(print: (line: string) => void): Promise<void> {
  let counted = 0;
  for (const pk of [...studyListShards(true), ...studyListShards(false)]) {
    const studies = await queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'id',
    });
    for (const { id } of studies) {
      const rest = await queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': studyEntity.partition(String(id)),
          ':from': 'SEQ',
          ':to': `${studyTaskEntity.skPrefix}~`,
        },
        ConsistentRead: true,
      });
      const countersItem = rest.find(studyCountersEntity.isCountersItem);
      if (!countersItem || Object.keys(countersItem).some((name) => name.startsWith('pool_'))) continue;
      const pool = new Map<string, PoolChange>();
      for (const task of rest.filter(studyTaskEntity.isTaskItem).map(studyTaskEntity.parse)) {
        if (!task.exam_id) continue;
        const change = pool.get(task.exam_id) ?? { examId: task.exam_id, tasks: 0, size: task.exam_total_questions };
        change.tasks += 1;
        pool.set(task.exam_id, change);
      }
      if (pool.size === 0) continue;
      const update = studyCountersEntity.taskUpdate(null, [...pool.values()]);
      try {
        await dynamoDocument().send(
          new UpdateCommand({
            TableName: config.appTable,
            Key: studyCountersEntity.key(String(id)),
            ...update,
            ConditionExpression: 'task_count = :seen',
            ExpressionAttributeValues: {
              ...update.ExpressionAttributeValues,
              ':seen': studyCountersEntity.parse(countersItem).task_count,
            },
          }),
        );
        counted++;
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }
  }
  if (counted) print(`counted the random-practice pool of ${counted} studies`);
}
