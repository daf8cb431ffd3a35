import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { examQuestionsWithId, indexedQuestionCopy } from '../exams/index.js';
import { countersEntity } from '../users/index.js';
import { examSummaryEntity, type SummaryRecord } from '../learning/index.js';
import { idempotencyClaimEntity } from './entities/idempotency-claim.js';
import { resultDetailEntity, type DetailEntry } from './entities/result-detail.js';
import { resultEntity, type ResultRecord } from './entities/result.js';
import { resultJobEntity, type JobRecord } from './entities/result-job.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { db } from '../../runtime/data/db.js';

/** The result aggregate's reads (docs/architecture.md §2.6 L1–L8): results, detail chunks, summaries, claims. */
export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

export type { DetailEntry, JobRecord, ResultRecord, SummaryRecord };

/** One strongly consistent BatchGetItem per 100 keys; answers keyed by `sk`. */
export async function getMany(keys: Key[]): Promise<Map<string, Item>> {
  const items = await batchGetAll(keys, { consistent: true });
  return new Map(items.map((item) => [String(item.sk), item]));
}

export const asResult = (item: Item | undefined): ResultRecord | null => (item ? resultEntity.parse(item) : null);
export const asJob = (item: Item | undefined): JobRecord | null => (item ? resultJobEntity.parse(item) : null);
export const asSummary = (item: Item | undefined): SummaryRecord | null =>
  item ? examSummaryEntity.parse(item) : null;

export async function getResult(userId: string, resultId: string): Promise<ResultRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: resultEntity.key(userId, resultId), ConsistentRead: true }),
  );
  return asResult(Item);
}

/** A result by id alone (gsi2 `RESULTID#<id>`): one Query, for site admins. */
export async function findResultById(resultId: string): Promise<ResultRecord | null> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': resultEntity.idIndex(resultId).gsi2pk },
      Limit: 1,
    }),
  );
  return asResult(answer.Items?.[0]);
}

/** The result's detail chunks (every revision present; the caller keeps the result's own). */
export async function getDetailItems(userId: string, resultId: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':d': resultDetailEntity.resultPrefix(resultId) },
    ConsistentRead: true,
  });
}

/** One page of the result's current details: its chunk `n` (1-based) of revision `tag`; null when that revision is gone. */
export async function getDetailChunk(
  userId: string,
  resultId: string,
  tag: string,
  n: number,
): Promise<DetailEntry[] | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: resultDetailEntity.key(userId, resultId, tag, n),
      ConsistentRead: true,
    }),
  );
  return Item ? resultDetailEntity.parse(Item).details : null;
}

export function detailsOfRevision(items: Item[], result: ResultRecord): DetailEntry[] {
  const prefix = resultDetailEntity.writePrefix(result.id, result.detail_tag);
  return items
    .filter((i) => String(i.sk).startsWith(prefix))
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
    .flatMap((i) => resultDetailEntity.parse(i).details);
}

export async function getIdempotencyClaim(
  userId: string,
  key: string,
): Promise<{ result_id: string; request_hash: string } | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.ephemeralTable,
      Key: idempotencyClaimEntity.key(userId, key),
      ConsistentRead: true,
    }),
  );
  return Item ? idempotencyClaimEntity.parse(Item) : null;
}

export interface Page<T> {
  items: T[];
  lastKey?: Record<string, unknown>;
}

/** One page of the caller's results, newest first: their partition, or gsi1 for one exam. */
export async function listResults(
  userId: string,
  options: { examId?: string; limit: number; startKey?: Record<string, unknown> },
): Promise<Page<ResultRecord>> {
  const input = options.examId
    ? {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': resultEntity.examPartition(userId, options.examId) },
      }
    : {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':r': resultEntity.skPrefix },
      };
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      ...input,
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  return { items: (answer.Items ?? []).map(resultEntity.parse), lastKey: answer.LastEvaluatedKey };
}

export async function listSummaries(
  userId: string,
  options: { limit: number; startKey?: Record<string, unknown> },
): Promise<Page<SummaryRecord>> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':s': examSummaryEntity.skPrefix },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  return { items: (answer.Items ?? []).map(examSummaryEntity.parse), lastKey: answer.LastEvaluatedKey };
}

export async function getCounters(userId: string): Promise<{ result_count: number; exam_count: number }> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: countersEntity.key(userId), ConsistentRead: true }),
  );
  const { result_count, exam_count } = countersEntity.parse(Item ?? {});
  return { result_count, exam_count };
}

export async function getSummary(userId: string, examId: string): Promise<SummaryRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: examSummaryEntity.key(userId, examId), ConsistentRead: true }),
  );
  return asSummary(Item);
}

/** The newest result of the exam other than `excludeId` (gsi1, newest first; 1 Query). */
export async function newestOtherResult(
  userId: string,
  examId: string,
  excludeId: string,
): Promise<ResultRecord | null> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': resultEntity.examPartition(userId, examId) },
      ScanIndexForward: false,
      Limit: 2,
    }),
  );
  return asResult((answer.Items ?? []).find((i) => i.id !== excludeId));
}

/** Whether the exam holds the question: gsi1 `QUESTION#<id>`, sort key `EXAM#<examId>#…` (1 Query; the exam partition when the index has not caught up). */
export async function examHoldsQuestion(examId: string, questionId: string): Promise<boolean> {
  if (await indexedQuestionCopy(examId, questionId)) return true;
  // The index lags a question added a moment ago: look in the exam's own items, strongly consistent.
  return (await examQuestionsWithId(examId, questionId, 'pk')).length > 0;
}
