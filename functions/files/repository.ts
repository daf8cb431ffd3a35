import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../shared/domain/language.js';
import type { QuestionFile } from '../../shared/contracts/files.js';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { batchGetAll, batchWriteAll, deleteRequest, putRequest, queryAll, type WriteRequest } from '../lib/data/batch-ops.js';
import { examKeys, QUESTION_COUNTER_SHARDS, QUESTION_SK_PREFIX } from '../lib/data/exam-keys.js';

/** The file record `FILE#<id>`/`FILE`; its questions sit beside it as `Q#<order>` items. */
export interface FileRecord {
  id: string;
  name: string;
  name_key: string;
  owner_id: string;
  owner_username: string;
  size: number;
  /** Seconds since the epoch (spec 2 §3). */
  modified: number;
  max_questions: number;
  is_public: boolean;
  s3_key: string;
  language: Language;
  created_at: string;
  /** One letter per question order (E, M, H): difficulty filters without reading the questions. */
  difficulties: string;
}

const db = () => dynamoDocument();

export function fileView(file: FileRecord, callerId: string | null): QuestionFile {
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
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: examKeys.file(fileId), ConsistentRead: true }));
  return (Item as FileRecord | undefined) ?? null;
}

/** The owner's file of that name: the name pointer (strongly consistent), then the record. */
export async function getOwnFileByName(ownerId: string, nameKey: string): Promise<FileRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: examKeys.fileName(ownerId, nameKey), ConsistentRead: true }),
  );
  if (!Item) return null;
  return getFile(String(Item.file_id));
}

/** Files of that name in the public (or private) index, oldest first; one Query. */
export async function findFilesByName(isPublic: boolean, nameKey: string, limit = 10): Promise<FileRecord[]> {
  const index = examKeys.filesByVisibility(isPublic, nameKey, '');
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
      ExpressionAttributeValues: { ':pk': index.gsi2pk, ':prefix': `${nameKey}#` },
      Limit: limit,
    }),
  );
  return ((Items ?? []) as FileRecord[]).filter((f) => f.name_key === nameKey);
}

const LIST_PAGE_LIMIT = 5;

async function queryFiles(index: 'gsi1' | 'gsi2', pk: string): Promise<FileRecord[]> {
  const items: FileRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  let pages = 0;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: config.appTable,
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'id, #n, name_key, owner_id, owner_username, size, modified, max_questions, is_public, #l',
        ExpressionAttributeNames: { '#n': 'name', '#l': 'language' },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as FileRecord[]));
    startKey = page.LastEvaluatedKey;
    pages++;
  } while (startKey && pages < LIST_PAGE_LIMIT);
  return items;
}

export const listOwnFiles = (ownerId: string) => queryFiles('gsi1', examKeys.filesOfOwner(ownerId, '').gsi1pk);
export const listFilesByVisibility = (isPublic: boolean) => queryFiles('gsi2', examKeys.filesByVisibility(isPublic, '', '').gsi2pk);

export function poolItem(fileId: string, order: number, question: Record<string, unknown>) {
  return { ...examKeys.fileQuestion(fileId, order), ...question };
}

export async function writePool(items: Record<string, unknown>[]): Promise<void> {
  await batchWriteAll(items.map(putRequest));
}

/** Removes the questions of a file (after the file record is gone, or after a failed import). */
export async function deletePool(fileId: string, knownCount?: number): Promise<void> {
  let requests: WriteRequest[];
  if (knownCount !== undefined) {
    requests = Array.from({ length: knownCount }, (_, i) => deleteRequest(examKeys.fileQuestion(fileId, i + 1)));
  } else {
    const items = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': examKeys.file(fileId).pk, ':q': QUESTION_SK_PREFIX },
      ProjectionExpression: 'pk, sk',
    });
    requests = items.map((i) => deleteRequest(i as { pk: string; sk: string }));
  }
  await batchWriteAll(requests);
}

function recordItem(file: FileRecord) {
  return {
    ...examKeys.file(file.id),
    ...examKeys.filesOfOwner(file.owner_id, file.name_key),
    ...examKeys.filesByVisibility(file.is_public, file.name_key, file.id),
    type: 'FILE',
    ...file,
  };
}

/**
 * The last write of an import: the file record and the owner's name pointer in one transaction,
 * replacing the owner's earlier file of that name when there is one.
 * Throws TransactionCanceledException when another import of the same name won the race.
 */
export async function commitFile(file: FileRecord, previous: FileRecord | null): Promise<void> {
  const pointer = examKeys.fileName(file.owner_id, file.name_key);
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: config.appTable, Item: recordItem(file), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName: config.appTable,
            Item: { ...pointer, type: 'FILENAME', file_id: file.id, name: file.name },
            ConditionExpression: previous ? 'file_id = :previous' : 'attribute_not_exists(pk)',
            ...(previous ? { ExpressionAttributeValues: { ':previous': previous.id } } : {}),
          },
        },
        ...(previous ? [{ Delete: { TableName: config.appTable, Key: examKeys.file(previous.id) } }] : []),
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
      Key: examKeys.questionCounter(Math.floor(Math.random() * QUESTION_COUNTER_SHARDS)),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** GET /api/questions/ (E27): the questions of every question file, one BatchGetItem of the shards. */
export async function questionPoolCount(): Promise<number> {
  const shards = await batchGetAll(Array.from({ length: QUESTION_COUNTER_SHARDS }, (_, shard) => examKeys.questionCounter(shard)));
  return Math.max(0, shards.reduce((sum, item) => sum + Number(item.count ?? 0), 0));
}

export async function setFileVisibility(file: FileRecord, isPublic: boolean): Promise<FileRecord> {
  const index = examKeys.filesByVisibility(isPublic, file.name_key, file.id);
  const modified = Math.floor(Date.now() / 1000);
  await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: examKeys.file(file.id),
      UpdateExpression: 'SET is_public = :p, gsi2pk = :pk, gsi2sk = :sk, modified = :m',
      ConditionExpression: 'attribute_exists(pk)',
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
          { Delete: { TableName: config.appTable, Key: examKeys.file(file.id), ConditionExpression: 'attribute_exists(pk)' } },
          {
            Delete: {
              TableName: config.appTable,
              Key: examKeys.fileName(file.owner_id, file.name_key),
              ConditionExpression: 'attribute_not_exists(pk) OR file_id = :id',
              ExpressionAttributeValues: { ':id': file.id },
            },
          },
          poolCountChange(-file.max_questions),
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((error as { name?: string }).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed') return;
    throw error;
  }
}

export async function deleteItem(key: { pk: string; sk: string }): Promise<void> {
  await db().send(new DeleteCommand({ TableName: config.appTable, Key: key }));
}
