import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QuestionFile } from '#shared/contracts/files.js';
import { config } from '../../runtime/config.js';
import {
  batchGetAll,
  batchWriteAll,
  deleteRequest,
  putRequest,
  type WriteRequest,
} from '../../runtime/data/batch-ops.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { conditionFailedAt } from '../../runtime/data/dynamo-errors.js';
import type { Logger } from '../../runtime/log.js';
import { deleteObject, listObjectKeys } from './object-store.js';
import { fileImagePrefix } from './object-keys.js';
import { fileEntity, type FileListing, type FileRecord } from './entities/file.js';
import { readMergedStreams, type Stream } from '../../runtime/data/merged-streams.js';
import { legacyIndexInUse, migrateLegacyPartitions } from '../../runtime/data/index-migration.js';
import { fileNameClaimEntity } from './entities/file-name-claim.js';
import { fileQuestionEntity } from './entities/file-question.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { questionPoolCounterEntity } from './entities/question-pool-counter.js';
import { type StoredQuestion } from './entities/stored-question.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';

export type { FileListing, FileRecord };

export function fileView(file: FileListing, callerId: string | null): QuestionFile {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    modified: file.modified,
    max_questions: file.max_questions,
    question_count: file.max_questions,
    is_public: file.is_public !== false,
    uploaded_by: file.owner_username || 'unknown',
    is_owner: callerId === file.owner_id,
    language: file.language,
  };
}

export async function getFile(fileId: string): Promise<FileRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: fileEntity.key(fileId), ConsistentRead: true }),
  );
  return Item ? fileEntity.parse(Item) : null;
}

/** The owner's file of that name: the name pointer (strongly consistent), then the record. */
export async function getOwnFileByName(ownerId: string, nameKey: string): Promise<FileRecord | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: fileNameClaimEntity.key(ownerId, nameKey),
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return getFile(fileNameClaimEntity.parse(Item).file_id);
}

/** The gsi2 partitions of one visibility a read must cover: the shards, and the legacy one until migrated. */
async function visibilityStreamPartitions(isPublic: boolean): Promise<{ pk: string; skip: boolean }[]> {
  const legacy = await legacyIndexInUse('files-shards');
  return [
    ...fileEntity.visibilityPartitions(isPublic).map((pk) => ({ pk, skip: false })),
    { pk: fileEntity.legacyVisibilityPartition(isPublic), skip: !legacy },
  ];
}

/** Files of that name in the public (or private) index, in id order; one Query per shard, in parallel. */
export async function findFilesByName(isPublic: boolean, nameKey: string, limit = 10): Promise<FileRecord[]> {
  const partitions = (await visibilityStreamPartitions(isPublic)).filter((p) => !p.skip);
  const pages = await Promise.all(
    partitions.map(async ({ pk }) => {
      const { Items } = await db().send(
        new QueryCommand({
          TableName: config.appTable,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': fileEntity.namePrefix(nameKey) },
          Limit: limit,
        }),
      );
      return Items ?? [];
    }),
  );
  return pages
    .flat()
    .sort((a, b) => (String(a.gsi2sk) < String(b.gsi2sk) ? -1 : String(a.gsi2sk) > String(b.gsi2sk) ? 1 : 0))
    .slice(0, limit)
    .map(fileEntity.parse)
    .filter((f) => f.name_key === nameKey);
}

/** Pages of 1 MB one index partition may read per answer: what bounds a list page's DynamoDB requests. */
const MAX_PAGES_PER_STREAM = 2;

/**
 * One page of a file list in name order (gsi1 `USER#<id>#FILES` sorts by name key, gsi2
 * `PUBLICFILES#<0..3>`/`PRIVATEFILES#<0..3>` by `<name key>#<id>`), merged from the caller's partitions with
 * one cursor: one marker GetItem until the migration is seen done, at most two Queries a stream, whatever the
 * number of files.
 */
export async function listFilesPage(
  sources: {
    own?: { ownerId: string; isPublic?: boolean };
    /** A visibility partition; `exceptOwner` leaves out that owner's files (they come from `own`). */
    visibility?: { isPublic: boolean; exceptOwner?: string }[];
  },
  page: { cursor?: string; pageSize: number },
): Promise<{ files: FileListing[]; next: string | null }> {
  const streams: Stream[] = [];
  if (sources.own) {
    const { ownerId, isPublic } = sources.own;
    streams.push({
      index: 'gsi1',
      pk: fileEntity.ownerPartition(ownerId),
      ...(isPublic === undefined
        ? {}
        : isPublic
          ? { filter: { expression: 'NOT (is_public = :private)', values: { ':private': false } } }
          : { filter: { expression: 'is_public = :private', values: { ':private': false } } }),
    });
  }
  for (const { isPublic, exceptOwner } of sources.visibility ?? []) {
    for (const { pk, skip } of await visibilityStreamPartitions(isPublic)) {
      streams.push({
        index: 'gsi2',
        pk,
        skip,
        ...(exceptOwner ? { filter: { expression: 'owner_id <> :me', values: { ':me': exceptOwner } } } : {}),
      });
    }
  }
  const { items, next } = await readMergedStreams(streams, {
    cursor: page.cursor,
    pageSize: page.pageSize,
    maxPagesPerStream: MAX_PAGES_PER_STREAM,
    ascending: true,
  });
  return { files: items.map(fileEntity.parseListing), next };
}

export const poolItem = fileQuestionEntity.item;

export async function writePool(items: Record<string, unknown>[]): Promise<void> {
  await batchWriteAll(items.map(putRequest));
}

/** Every question of a file's pool in order (Query `FILE#<id>` `begins_with(sk,'Q#')`, 1 MB pages). */
export async function readPool(fileId: string): Promise<StoredQuestion[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
    ExpressionAttributeValues: { ':pk': fileEntity.key(fileId).pk, ':q': fileQuestionEntity.skPrefix },
  });
  return items.map(fileQuestionEntity.parse);
}

/** Removes the questions of a file (after the file record is gone, or after a failed import). */
export async function deletePool(fileId: string, knownCount?: number): Promise<void> {
  let requests: WriteRequest[];
  if (knownCount !== undefined) {
    requests = Array.from({ length: knownCount }, (_, i) => deleteRequest(fileQuestionEntity.key(fileId, i + 1)));
  } else {
    const items = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': fileEntity.key(fileId).pk, ':q': fileQuestionEntity.skPrefix },
      ProjectionExpression: 'pk, sk',
    });
    requests = items.map((i) => deleteRequest(primaryKeyOf(i)));
  }
  await batchWriteAll(requests);
}

/**
 * The last write of an import: the file record and the owner's name pointer in one transaction,
 * replacing the owner's earlier file of that name when there is one.
 * Throws TransactionCanceledException when another import of the same name won the race.
 */
export async function commitFile(file: FileRecord, previous: FileRecord | null): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: config.appTable, Item: fileEntity.item(file), ConditionExpression: ITEM_ABSENT } },
        {
          Put: {
            TableName: config.appTable,
            Item: fileNameClaimEntity.item(file.owner_id, file.name_key, file.id, file.name),
            ConditionExpression: previous ? 'file_id = :previous' : ITEM_ABSENT,
            ...(previous ? { ExpressionAttributeValues: { ':previous': previous.id } } : {}),
          },
        },
        ...(previous ? [{ Delete: { TableName: config.appTable, Key: fileEntity.key(previous.id) } }] : []),
        poolCountChange(file.max_questions - (previous?.max_questions ?? 0)),
      ],
    }),
  );
}

/** The pool counter moves in the same transaction as the file record, so it never drifts. */
function poolCountChange(delta: number) {
  return {
    Update: {
      TableName: config.appTable,
      Key: questionPoolCounterEntity.randomKey(),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** GET /api/questions/ (E27): the questions of every question file, one BatchGetItem of the shards. */
export async function questionPoolCount(): Promise<number> {
  const shards = await batchGetAll(questionPoolCounterEntity.allKeys());
  return Math.max(
    0,
    shards.reduce((sum, item) => sum + questionPoolCounterEntity.parse(item).count, 0),
  );
}

export async function setFileVisibility(file: FileRecord, isPublic: boolean): Promise<FileRecord> {
  const index = fileEntity.visibilityIndex(isPublic, file.name_key, file.id);
  const modified = Math.floor(Date.now() / 1000);
  await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: fileEntity.key(file.id),
      UpdateExpression: 'SET is_public = :p, gsi2pk = :pk, gsi2sk = :sk, modified = :m',
      ConditionExpression: ITEM_EXISTS,
      ExpressionAttributeValues: { ':p': isPublic, ':pk': index.gsi2pk, ':sk': index.gsi2sk, ':m': modified },
    }),
  );
  return { ...file, is_public: isPublic, modified };
}

/**
 * Removes the record and the owner's name pointer together, and takes the file's questions off
 * the pool counter; the questions go afterwards. A record already gone (a concurrent delete)
 * changes nothing.
 */
export async function removeFileRecord(file: FileRecord): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: config.appTable, Key: fileEntity.key(file.id), ConditionExpression: ITEM_EXISTS } },
          {
            Delete: {
              TableName: config.appTable,
              Key: fileNameClaimEntity.key(file.owner_id, file.name_key),
              ConditionExpression: 'attribute_not_exists(pk) OR file_id = :id',
              ExpressionAttributeValues: { ':id': file.id },
            },
          },
          poolCountChange(-file.max_questions),
        ],
      }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) return;
    throw error;
  }
}

/** An import's images (D176): one LIST, and one DELETE per image; a file without images costs the LIST alone. */
export async function removeFileImages(fileId: string): Promise<number> {
  const keys = await listObjectKeys(fileImagePrefix(fileId));
  for (const key of keys) await deleteObject(key);
  return keys.length;
}

/** After a file record is gone: its questions, its object and its images (exams keep their own question copies). */
export async function discardFile(file: FileRecord, log: Logger): Promise<void> {
  const results = await Promise.allSettled([
    deletePool(file.id, file.max_questions),
    deleteObject(file.s3_key),
    removeFileImages(file.id),
  ]);
  for (const r of results)
    if (r.status === 'rejected') log.warn('file cleanup incomplete', { fileId: file.id, error: String(r.reason) });
}

export async function deleteItem(key: { pk: string; sk: string }): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.appTable, Key: key }));
}

/** Pool questions by file and order (BatchGetItem); those not found are left out. */
export async function poolQuestionsAt(pairs: { fileId: string; order: number }[]): Promise<StoredQuestion[]> {
  const found = await batchGetAll(pairs.map((p) => fileQuestionEntity.key(p.fileId, p.order)));
  const byId = new Map(found.map((q) => [String(q.id), q as StoredQuestion]));
  return pairs.map((p) => byId.get(`${p.fileId}-${p.order}`)).filter((q): q is StoredQuestion => !!q);
}

/** Files by id (BatchGetItem); those gone are left out. */
export async function getFiles(fileIds: string[]): Promise<FileRecord[]> {
  return (await batchGetAll(fileIds.map((id) => fileEntity.key(id)))).map(fileEntity.parse);
}

/** The index-shards job's part for files: the legacy `PUBLICFILES`/`PRIVATEFILES` partitions to the shards (D190). */
export function migrateFileListShards(deadline: number): Promise<{ moved: number; done: boolean }> {
  return migrateLegacyPartitions(
    'files-shards',
    [true, false].map((isPublic) => ({
      index: 'gsi2' as const,
      pk: fileEntity.legacyVisibilityPartition(isPublic),
      rekey: (item: Record<string, unknown>) =>
        fileEntity.visibilityIndex(isPublic, String(item.name_key), String(item.id)),
    })),
    deadline,
  );
}
