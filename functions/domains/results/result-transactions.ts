import { config } from '../../runtime/config.js';
import { batchWriteAll, deleteRequest, putRequest } from '../../runtime/data/batch-ops.js';
import { countersEntity } from '../users/index.js';
import { examSummaryEntity, statCondition, type QuestionStatItem } from '../learning/index.js';
import { idempotencyClaimEntity } from './entities/idempotency-claim.js';
import { resultDetailEntity, type ChunkRecord } from './entities/result-detail.js';
import { resultEntity, type ResultRecord } from './entities/result.js';
import { resultJobEntity, type JobRecord } from './entities/result-job.js';
import { transactWrite, ITEM_ABSENT, ITEM_EXISTS, type TransactItem } from '../../runtime/data/db.js';
import { CONDITION_FAILED } from '../../runtime/data/dynamo-errors.js';
import type { Item, Key } from './result-reads.js';

/**
 * The result aggregate's transactions (§2.9 T5, L9): a submit's first transaction with its detail
 * chunks, summary and counters, and a result's removal.
 */
/** Why a transaction was cancelled, per item (`ConditionalCheckFailed`, `TransactionConflict`, `None`). */
export class TransactionCancelled extends Error {
  constructor(readonly reasons: string[]) {
    super(`transaction cancelled: ${reasons.join(',')}`);
  }

  /** Whether the item at `index` failed its condition (rather than conflicting with another writer). */
  conditionFailedAt(index: number): boolean {
    return this.reasons[index] === CONDITION_FAILED;
  }
}

/** A cancelled submit or statistics batch says, per item, why (the caller decides what a failed claim means). */
export const transact = (items: TransactItem[]) => transactWrite(items, (reasons) => new TransactionCancelled(reasons));

export const statPut = (stat: { item: QuestionStatItem; previous?: Item }): TransactItem => ({
  Put: { TableName: config.appTable, Item: stat.item, ...statCondition(stat.previous) },
});

export type { ChunkRecord };

const chunkItem = resultDetailEntity.item;

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
  /** The questions of this submit (distinct) and its answer counts (study progress, D82). */
  answeredQuestionIds?: string[];
  answers?: { total: number; correct: number };
}

export interface SubmitWrite {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  /** How long the idempotency claim lives (24 h when absent). */
  claimSeconds?: number;
  result: ResultRecord;
  /** Continue: the revision read; the write requires it unchanged. Undefined for a new result. */
  previousRevision?: number;
  chunksInTransaction: ChunkRecord[];
  summary: SummaryChange;
  counters: { result_count: number; exam_count: number } | null;
  stats: { item: QuestionStatItem; previous?: Item }[];
  /** The review log of those statistics and its day count. */
  reviewLog?: TransactItem[];
  job: JobRecord | null;
  /** Continue: a job item that must not exist (the previous operation finished). */
  expectNoJob?: boolean;
  /** Study time of a task exam (S24), written exactly once with the rest (`functions/domains/studies/progress-time.ts`). */
  studyTime?: TransactItem[];
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
  const expiresAt = Math.floor(Date.now() / 1000) + (write.claimSeconds ?? 24 * 3600);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: config.ephemeralTable,
        Item: idempotencyClaimEntity.item(
          userId,
          write.idempotencyKey,
          { result_id: result.id, request_hash: write.requestHash },
          expiresAt,
        ),
        ConditionExpression: ITEM_ABSENT,
      },
    },
    {
      Put: {
        TableName: config.appTable,
        Item: resultEntity.item(result),
        ...(write.previousRevision === undefined
          ? { ConditionExpression: ITEM_ABSENT }
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
        Key: countersEntity.key(userId),
        UpdateExpression: 'SET #type = :type ADD result_count :r, exam_count :e',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': countersEntity.type,
          ':r': write.counters.result_count,
          ':e': write.counters.exam_count,
        },
      },
    });
  }
  for (const stat of write.stats) items.push(statPut(stat));
  items.push(...(write.reviewLog ?? []));
  items.push(...(write.studyTime ?? []));
  if (write.job) {
    items.push({
      Put: {
        TableName: config.appTable,
        Item: resultJobEntity.item(userId, write.job),
        ConditionExpression: ITEM_ABSENT,
      },
    });
  } else if (write.expectNoJob) {
    items.push({
      ConditionCheck: {
        TableName: config.appTable,
        Key: resultJobEntity.key(userId, result.id),
        ConditionExpression: ITEM_ABSENT,
      },
    });
  }
  await transact(items);
}

function summaryUpdate(userId: string, examId: string, change: SummaryChange): TransactItem {
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = {
    ':type': examSummaryEntity.type,
    ':exam': examId,
    ':title': change.examTitle,
    ':total': change.totalQuestions,
    ':n': change.addResults,
    ':gsi2pk': examSummaryEntity.takersIndex(examId, userId).gsi2pk,
    ':gsi2sk': examSummaryEntity.takersIndex(examId, userId).gsi2sk,
  };
  const set = [
    '#type = :type',
    'exam_id = :exam',
    'exam_title = :title',
    'total_questions = :total',
    'gsi2pk = :gsi2pk',
    'gsi2sk = :gsi2sk',
  ];
  const add = ['result_count :n'];
  if (change.latest) {
    Object.assign(values, {
      ':lid': change.latest.id,
      ':lscore': change.latest.score,
      ':ltotal': change.latest.total_score,
      ':lcorrect': change.latest.correct_count,
      ':lat': change.latest.completed_at,
    });
    set.push(
      'latest_result_id = :lid',
      'latest_score = :lscore',
      'latest_total_score = :ltotal',
      'latest_correct_count = :lcorrect',
      'last_completed_at = :lat',
    );
  }
  if (change.correctQuestionIds.length) {
    values[':correct'] = new Set(change.correctQuestionIds);
    add.push('correct_question_ids :correct');
  }
  if (change.answeredQuestionIds?.length) {
    values[':attempted'] = new Set(change.answeredQuestionIds);
    add.push('attempted_question_ids :attempted');
  }
  if (change.answers) {
    Object.assign(values, { ':answers': change.answers.total, ':correctAnswers': change.answers.correct });
    add.push('answer_count :answers', 'correct_answer_count :correctAnswers');
  }
  return {
    Update: {
      TableName: config.appTable,
      Key: examSummaryEntity.key(userId, examId),
      UpdateExpression: `SET ${set.join(', ')} ADD ${add.join(', ')}`,
      ConditionExpression: change.existed ? ITEM_EXISTS : ITEM_ABSENT,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
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
        Key: resultEntity.key(userId, result.id),
        ConditionExpression: ITEM_EXISTS,
      },
    },
    { Delete: { TableName: config.appTable, Key: resultJobEntity.key(userId, result.id) } },
    ...inTransaction.map((k) => ({ Delete: { TableName: config.appTable, Key: { pk: k.pk, sk: k.sk } } })),
    {
      Update: {
        TableName: config.appTable,
        Key: countersEntity.key(userId),
        UpdateExpression: summary.remove ? 'ADD result_count :minus, exam_count :minus' : 'ADD result_count :minus',
        ExpressionAttributeValues: { ':minus': -1 },
      },
    },
  ];
  if (summary.remove) {
    items.push({ Delete: { TableName: config.appTable, Key: examSummaryEntity.key(userId, result.exam_id) } });
  } else {
    const latest = summary.newest;
    items.push({
      Update: {
        TableName: config.appTable,
        Key: examSummaryEntity.key(userId, result.exam_id),
        UpdateExpression: latest
          ? 'SET latest_result_id = :lid, latest_score = :lscore, latest_total_score = :ltotal, latest_correct_count = :lcorrect, last_completed_at = :lat ADD result_count :minus'
          : 'ADD result_count :minus',
        ConditionExpression: ITEM_EXISTS,
        ExpressionAttributeValues: {
          ':minus': -1,
          ...(latest
            ? {
                ':lid': latest.id,
                ':lscore': latest.score,
                ':ltotal': latest.total_score,
                ':lcorrect': latest.correct_count,
                ':lat': latest.completed_at,
              }
            : {}),
        },
      },
    });
  }
  await transact(items);
  if (detailKeys.length > inTransaction.length) await deleteKeys(detailKeys.slice(inTransaction.length));
}
