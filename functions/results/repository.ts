import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { batchGetAll, queryAll } from '../lib/data/batch-ops.js';
import { QUESTION_SK_PREFIX, examKeys } from '../lib/data/exam-keys.js';
import { EXAMSUM_SK_PREFIX, RESULT_SK_PREFIX, resultKeys } from '../lib/data/result-keys.js';

/**
 * DynamoDB access of the results group (docs/architecture.md §2.6 L1–L10, §2.9 T5). Everything
 * lives in the taker's partition `USER#<id>`, except the idempotency claims (ephemeral table).
 */
export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

const db = () => dynamoDocument();

export interface DetailEntry {
  question_id: string;
  csv_id: string;
  title: string;
  answer: string;
  is_correct: boolean;
  elapsed_seconds: number;
}

/** `USER#<id>`/`RESULT#<resultId>`: totals and snapshots; details are separate chunk items. */
export interface ResultRecord {
  id: string;
  user_id: string;
  username: string;
  exam_id: string;
  exam_title: string;
  exam_title_ko: string;
  exam_title_en: string;
  study_id: string | null;
  score: number;
  total_score: number;
  correct_count: number;
  wrong_count: number;
  answered_count: number;
  elapsed_seconds: number;
  completed_at: string;
  created_at: string;
  /** Bumped by every continue, which conditions its write on it (optimistic lock). */
  revision: number;
  /** Key tag of the current detail chunks (new on every write). */
  detail_tag: string;
  detail_chunks: number;
}

/** Statistics still to apply for a submit that did not fit one transaction (`RESULTJOB#<id>`). */
export interface JobRecord {
  result_id: string;
  exam_id: string;
  /** [questionId, 1 = correct | 0 = wrong] in apply order. */
  pending: [string, number][];
  cursor: number;
  answered_at: string;
  updated_at: string;
}

export interface SummaryRecord {
  exam_id: string;
  exam_title: string;
  total_questions: number;
  result_count: number;
  latest_result_id: string;
  latest_score: number;
  latest_total_score: number;
  latest_correct_count: number;
  last_completed_at: string;
  correct_question_ids?: Set<string>;
}

const stripKeys = <T>(item: Item | undefined): T | null => {
  if (!item) return null;
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, type: _t, ...rest } = item;
  return rest as T;
};

// --- reads ---

/** One strongly consistent BatchGetItem per 100 keys; answers keyed by `sk`. */
export async function getMany(keys: Key[]): Promise<Map<string, Item>> {
  const items = await batchGetAll(keys, { consistent: true });
  return new Map(items.map((item) => [String(item.sk), item]));
}

export function asResult(item: Item | undefined): ResultRecord | null {
  return stripKeys<ResultRecord>(item);
}
export function asJob(item: Item | undefined): JobRecord | null {
  return stripKeys<JobRecord>(item);
}
export function asSummary(item: Item | undefined): SummaryRecord | null {
  return stripKeys<SummaryRecord>(item);
}

export async function getResult(userId: string, resultId: string): Promise<ResultRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: resultKeys.result(userId, resultId), ConsistentRead: true }));
  return asResult(Item);
}

/** A result by id alone (gsi2 `RESULTID#<id>`): one Query, for site admins. */
export async function findResultById(resultId: string): Promise<ResultRecord | null> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': resultKeys.resultById(resultId).gsi2pk },
      Limit: 1,
    }),
  );
  return asResult(answer.Items?.[0]);
}

/** The result's detail chunks (every revision present; the caller keeps the result's own). */
export async function getDetailItems(userId: string, resultId: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':d': resultKeys.detailPrefix(resultId) },
    ConsistentRead: true,
  });
}

export function detailsOfRevision(items: Item[], result: ResultRecord): DetailEntry[] {
  const prefix = resultKeys.detailTagPrefix(result.id, result.detail_tag);
  return items
    .filter((i) => String(i.sk).startsWith(prefix))
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
    .flatMap((i) => (i.details ?? []) as DetailEntry[]);
}

export async function getIdempotencyClaim(userId: string, key: string): Promise<{ result_id: string; request_hash: string } | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.ephemeralTable, Key: resultKeys.idempotency(userId, key), ConsistentRead: true }));
  return Item ? { result_id: String(Item.result_id), request_hash: String(Item.request_hash ?? '') } : null;
}

export interface Page<T> {
  items: T[];
  lastKey?: Record<string, unknown>;
}

/** One page of the caller's results, newest first: their partition, or gsi1 for one exam. */
export async function listResults(userId: string, options: { examId?: string; limit: number; startKey?: Record<string, unknown> }): Promise<Page<ResultRecord>> {
  const input = options.examId
    ? {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': resultKeys.resultsOfExam(userId, options.examId, '').gsi1pk },
      }
    : {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':r': RESULT_SK_PREFIX },
      };
  const answer = await db().send(
    new QueryCommand({ TableName: config.appTable, ...input, ScanIndexForward: false, Limit: options.limit, ExclusiveStartKey: options.startKey }),
  );
  return { items: (answer.Items ?? []).map((i) => asResult(i)!), lastKey: answer.LastEvaluatedKey };
}

export async function listSummaries(userId: string, options: { limit: number; startKey?: Record<string, unknown> }): Promise<Page<SummaryRecord>> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': EXAMSUM_SK_PREFIX },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  return { items: (answer.Items ?? []).map((i) => asSummary(i)!), lastKey: answer.LastEvaluatedKey };
}

export async function getCounters(userId: string): Promise<{ result_count: number; exam_count: number }> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: resultKeys.counters(userId), ConsistentRead: true }));
  return { result_count: Math.max(0, Number(Item?.result_count ?? 0)), exam_count: Math.max(0, Number(Item?.exam_count ?? 0)) };
}

export async function getSummary(userId: string, examId: string): Promise<SummaryRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: resultKeys.examSummary(userId, examId), ConsistentRead: true }));
  return asSummary(Item);
}

/** The newest result of the exam other than `excludeId` (gsi1, newest first; 1 Query). */
export async function newestOtherResult(userId: string, examId: string, excludeId: string): Promise<ResultRecord | null> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': resultKeys.resultsOfExam(userId, examId, '').gsi1pk },
      ScanIndexForward: false,
      Limit: 2,
    }),
  );
  return asResult((answer.Items ?? []).find((i) => i.id !== excludeId));
}

/** Statistics of the questions of one file: `begins_with(sk,'QSTAT#<fileId>-')`, every page. */
export async function statsWithPrefix(userId: string, fileId: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': `QSTAT#${fileId}-` },
    ProjectionExpression: 'question_id, total_attempts, correct_attempts',
  });
}

export async function statsByIds(userId: string, questionIds: string[]): Promise<Map<string, Item>> {
  const found = await getMany(questionIds.map((id) => examKeys.questionStat(userId, id)));
  return new Map([...found.values()].map((i) => [String(i.question_id), i]));
}

/** Whether the exam holds the question: gsi1 `QUESTION#<id>`, sort key `EXAM#<examId>#…` (1 Query; the exam partition when the index has not caught up). */
export async function examHoldsQuestion(examId: string, questionId: string): Promise<boolean> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :e)',
      ExpressionAttributeValues: { ':pk': examKeys.questionCopy(questionId, '').gsi1pk, ':e': `EXAM#${examId}#` },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  if ((answer.Items ?? []).length > 0) return true;
  // The index lags a question added a moment ago: look in the exam's own items, strongly consistent.
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
    FilterExpression: 'id = :id',
    ExpressionAttributeValues: { ':pk': examKeys.exam(examId).pk, ':q': QUESTION_SK_PREFIX, ':id': questionId },
    ProjectionExpression: 'pk',
    ConsistentRead: true,
  });
  return items.length > 0;
}
