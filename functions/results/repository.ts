import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { batchWriteAll, deleteRequest, putRequest, queryAll } from '../lib/data/batch-ops.js';
import { QUESTION_SK_PREFIX, examKeys } from '../lib/data/exam-keys.js';
import { EXAMSUM_SK_PREFIX, RESULT_SK_PREFIX, resultKeys } from '../lib/data/result-keys.js';
import { statCondition, type QuestionStatItem } from '../lib/learning/question-stat.js';

/**
 * DynamoDB access of the results group (docs/architecture.md §2.6 L1–L10, §2.9 T5). Everything
 * lives in the taker's partition `USER#<id>`, except the idempotency claims (ephemeral table).
 */
type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const db = () => dynamoDocument();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  const found = new Map<string, Item>();
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Key[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchGetItem kept leaving keys unprocessed');
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const answer = await db().send(new BatchGetCommand({ RequestItems: { [config.appTable]: { Keys: pending, ConsistentRead: true } } }));
      for (const item of answer.Responses?.[config.appTable] ?? []) found.set(String(item.sk), item);
      pending = (answer.UnprocessedKeys?.[config.appTable]?.Keys ?? []) as Key[];
    }
  }
  return found;
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

// --- writes ---

/** Why a transaction was cancelled, per item (`ConditionalCheckFailed`, `TransactionConflict`, `None`). */
export class TransactionCancelled extends Error {
  constructor(readonly reasons: string[]) {
    super(`transaction cancelled: ${reasons.join(',')}`);
  }
}

async function transact(items: TransactItem[]): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (e.name === 'TransactionCanceledException') throw new TransactionCancelled((e.CancellationReasons ?? []).map((r) => r.Code ?? 'None'));
    if (e.name === 'TransactionConflictException') throw new TransactionCancelled(items.map(() => 'TransactionConflict'));
    throw error;
  }
}

const statPut = (stat: { item: QuestionStatItem; previous?: Item }): TransactItem => ({
  Put: { TableName: config.appTable, Item: stat.item, ...statCondition(stat.previous) },
});

export interface ChunkRecord {
  chunk: number;
  details: DetailEntry[];
}

const chunkItem = (userId: string, resultId: string, tag: string, chunk: ChunkRecord) => ({
  ...resultKeys.detail(userId, resultId, tag, chunk.chunk),
  type: 'RESULTDETAIL',
  result_id: resultId,
  tag,
  chunk: chunk.chunk,
  details: chunk.details,
});

/** Detail chunks written ahead of the transaction that makes them reachable (idempotent Puts). */
export async function putChunks(userId: string, resultId: string, tag: string, chunks: ChunkRecord[]): Promise<void> {
  await batchWriteAll(chunks.map((c) => putRequest(chunkItem(userId, resultId, tag, c))));
}

export async function deleteKeys(keys: Key[]): Promise<void> {
  await batchWriteAll(keys.map((k) => deleteRequest(k)));
}

export interface SummaryChange {
  /** What the writer read: the condition keeps counters exact when another submit races. */
  existed: boolean;
  examTitle: string;
  totalQuestions: number;
  addResults: number;
  /** Set latest_* from this result (it is the exam's newest). */
  latest: ResultRecord | null;
  correctQuestionIds: string[];
}

export interface SubmitWrite {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  result: ResultRecord;
  /** Continue: the revision read; the write requires it unchanged. Undefined for a new result. */
  previousRevision?: number;
  chunksInTransaction: ChunkRecord[];
  summary: SummaryChange;
  counters: { result_count: number; exam_count: number } | null;
  stats: { item: QuestionStatItem; previous?: Item }[];
  job: JobRecord | null;
  /** Continue: a job item that must not exist (the previous operation finished). */
  expectNoJob?: boolean;
}

/** Index of the items of `writeSubmit`'s transaction, to read cancellation reasons. */
export const SUBMIT_ITEM = { claim: 0, result: 1 } as const;

/**
 * T5 first transaction: the idempotency claim, the result, its (first) detail chunks, the exam
 * summary, the user's counters, the first batch of statistics and, when statistics remain, the
 * job item that lets a retry resume them. All or nothing.
 */
export async function writeSubmit(write: SubmitWrite): Promise<void> {
  const { userId, result } = write;
  const expiresAt = Math.floor(Date.now() / 1000) + 24 * 3600;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: config.ephemeralTable,
        Item: { ...resultKeys.idempotency(userId, write.idempotencyKey), type: 'IDEMP', result_id: result.id, request_hash: write.requestHash, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: config.appTable,
        Item: {
          ...result,
          ...resultKeys.result(userId, result.id),
          ...resultKeys.resultsOfExam(userId, result.exam_id, result.id),
          ...resultKeys.resultById(result.id),
          type: 'RESULT',
        },
        ...(write.previousRevision === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'revision = :rev', ExpressionAttributeValues: { ':rev': write.previousRevision } }),
      },
    },
  ];
  for (const chunk of write.chunksInTransaction) {
    items.push({ Put: { TableName: config.appTable, Item: chunkItem(userId, result.id, result.detail_tag, chunk) } });
  }
  items.push(summaryUpdate(userId, result.exam_id, write.summary));
  if (write.counters) {
    items.push({
      Update: {
        TableName: config.appTable,
        Key: resultKeys.counters(userId),
        UpdateExpression: 'SET #type = :type ADD result_count :r, exam_count :e',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'COUNTERS', ':r': write.counters.result_count, ':e': write.counters.exam_count },
      },
    });
  }
  for (const stat of write.stats) items.push(statPut(stat));
  if (write.job) {
    items.push({
      Put: { TableName: config.appTable, Item: { ...write.job, ...resultKeys.job(userId, result.id), type: 'RESULTJOB' }, ConditionExpression: 'attribute_not_exists(pk)' },
    });
  } else if (write.expectNoJob) {
    items.push({ ConditionCheck: { TableName: config.appTable, Key: resultKeys.job(userId, result.id), ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  await transact(items);
}

function summaryUpdate(userId: string, examId: string, change: SummaryChange): TransactItem {
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = {
    ':type': 'EXAMSUM',
    ':exam': examId,
    ':title': change.examTitle,
    ':total': change.totalQuestions,
    ':n': change.addResults,
    ':gsi2pk': resultKeys.examTakers(examId, userId).gsi2pk,
    ':gsi2sk': resultKeys.examTakers(examId, userId).gsi2sk,
  };
  const set = ['#type = :type', 'exam_id = :exam', 'exam_title = :title', 'total_questions = :total', 'gsi2pk = :gsi2pk', 'gsi2sk = :gsi2sk'];
  const add = ['result_count :n'];
  if (change.latest) {
    Object.assign(values, {
      ':lid': change.latest.id,
      ':lscore': change.latest.score,
      ':ltotal': change.latest.total_score,
      ':lcorrect': change.latest.correct_count,
      ':lat': change.latest.completed_at,
    });
    set.push('latest_result_id = :lid', 'latest_score = :lscore', 'latest_total_score = :ltotal', 'latest_correct_count = :lcorrect', 'last_completed_at = :lat');
  }
  if (change.correctQuestionIds.length) {
    values[':correct'] = new Set(change.correctQuestionIds);
    add.push('correct_question_ids :correct');
  }
  return {
    Update: {
      TableName: config.appTable,
      Key: resultKeys.examSummary(userId, examId),
      UpdateExpression: `SET ${set.join(', ')} ADD ${add.join(', ')}`,
      ConditionExpression: change.existed ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * A later batch of statistics: the QSTAT Puts (version conditions) and the job's cursor move
 * (condition: cursor unchanged) in one transaction, so a batch applies exactly once even when a
 * retry and the original request race. The last batch deletes the job.
 */
export async function writeStatsBatch(userId: string, job: JobRecord, stats: { item: QuestionStatItem; previous?: Item }[], nextCursor: number): Promise<void> {
  const key = resultKeys.job(userId, job.result_id);
  const done = nextCursor >= job.pending.length;
  await transact([
    ...stats.map(statPut),
    done
      ? { Delete: { TableName: config.appTable, Key: key, ConditionExpression: '#c = :prev', ExpressionAttributeNames: { '#c': 'cursor' }, ExpressionAttributeValues: { ':prev': job.cursor } } }
      : {
          Update: {
            TableName: config.appTable,
            Key: key,
            UpdateExpression: 'SET #c = :next, updated_at = :now',
            ConditionExpression: '#c = :prev',
            ExpressionAttributeNames: { '#c': 'cursor' },
            ExpressionAttributeValues: { ':prev': job.cursor, ':next': nextCursor, ':now': new Date().toISOString() },
          },
        },
  ]);
}

export async function getJob(userId: string, resultId: string): Promise<JobRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: resultKeys.job(userId, resultId), ConsistentRead: true }));
  return asJob(Item);
}

/** One statistic, written with its version condition (accuracy adjustment). */
export async function putStat(stat: { item: QuestionStatItem; previous?: Item }): Promise<void> {
  await transact([statPut(stat)]);
}

/**
 * L9: deletes the result, its detail chunks and job, and moves the counters, in one
 * transaction (chunks beyond what fits are deleted after it). The summary either loses one
 * result (and takes its latest_* from `newest`) or, for the exam's last result, goes.
 */
export async function removeResult(
  result: ResultRecord,
  detailKeys: Key[],
  summary: { remove: true } | { remove: false; newest: ResultRecord | null },
): Promise<void> {
  const userId = result.user_id;
  const inTransaction = detailKeys.slice(0, 90);
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: config.appTable,
        Key: resultKeys.result(userId, result.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: config.appTable, Key: resultKeys.job(userId, result.id) } },
    ...inTransaction.map((k) => ({ Delete: { TableName: config.appTable, Key: { pk: k.pk, sk: k.sk } } })),
    {
      Update: {
        TableName: config.appTable,
        Key: resultKeys.counters(userId),
        UpdateExpression: summary.remove ? 'ADD result_count :minus, exam_count :minus' : 'ADD result_count :minus',
        ExpressionAttributeValues: { ':minus': -1 },
      },
    },
  ];
  if (summary.remove) {
    items.push({ Delete: { TableName: config.appTable, Key: resultKeys.examSummary(userId, result.exam_id) } });
  } else {
    const latest = summary.newest;
    items.push({
      Update: {
        TableName: config.appTable,
        Key: resultKeys.examSummary(userId, result.exam_id),
        UpdateExpression: latest
          ? 'SET latest_result_id = :lid, latest_score = :lscore, latest_total_score = :ltotal, latest_correct_count = :lcorrect, last_completed_at = :lat ADD result_count :minus'
          : 'ADD result_count :minus',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':minus': -1,
          ...(latest
            ? { ':lid': latest.id, ':lscore': latest.score, ':ltotal': latest.total_score, ':lcorrect': latest.correct_count, ':lat': latest.completed_at }
            : {}),
        },
      },
    });
  }
  await transact(items);
  if (detailKeys.length > inTransaction.length) await deleteKeys(detailKeys.slice(inTransaction.length));
}
