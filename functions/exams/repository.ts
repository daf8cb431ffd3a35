import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../shared/domain/language.js';
import { dynamoDocument } from '../lib/aws/clients.js';
import { config } from '../lib/config.js';
import { batchGetAll, batchWriteAll, deleteRequest, putRequest, queryAll } from '../lib/data/batch-ops.js';
import { EXAM_PARTITION_QUESTIONS_END, QUESTION_SK_PREFIX, examKeys, nameKey } from '../lib/data/exam-keys.js';
import type { TagRef } from '../tags/repository.js';

/** The exam item `EXAM#<id>`/`EXAM`; its questions are `Q#<position>` items of the same partition. */
export interface ExamRecord {
  id: string;
  title: string;
  title_ko: string;
  title_en: string;
  /** nameKey(title): the creator's reservation `USER#<creator>`/`EXAMTITLE#<key>`. */
  title_key: string;
  description_ko: string;
  description_en: string;
  created_at: string;
  created_language: Language;
  is_original: boolean;
  original_exam: string | null;
  version_number: number;
  /** On an original: how many versions were made (the next retake is version_count + 2). */
  version_count?: number;
  is_public: boolean;
  file_name: string | null;
  file_id: string | null;
  total_questions: number;
  created_by_id: string;
  created_by_username: string;
  tags: TagRef[];
  tag_ids: string[];
  force_answer: boolean;
  voice_mode_enabled: boolean;
  ai_mock_interview: boolean;
  /** Lower-cased titles, for the title search filter. */
  search_text: string;
  /** Studies linking this exam (written by the studies feature). */
  study_ids?: string[];
  /**
   * A personal exam made for the caller by the product rather than by them (`single`: the
   * single-question mode's exam). Kept out of the exam lists: no gsi2 keys, filtered from "my exams".
   */
  kind?: 'single';
}

/** A question as stored in a file pool or an exam (text fields per language). */
export type StoredQuestion = Record<string, unknown> & { id: string };

const db = () => dynamoDocument();

export function searchText(exam: Pick<ExamRecord, 'title' | 'title_ko' | 'title_en'>): string {
  return nameKey([exam.title, exam.title_ko, exam.title_en].filter(Boolean).join(' \u0001 '));
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type']);

/** The stored item of an exam record; the index keys always follow its current fields. */
export function examItem(exam: ExamRecord) {
  const fields = Object.fromEntries(Object.entries(exam).filter(([k]) => !KEY_ATTRIBUTES.has(k)));
  return {
    ...fields,
    ...examKeys.exam(exam.id),
    // The creator index stays (withdrawal finds every exam of a user through it).
    ...examKeys.examsOfCreator(exam.created_by_id, exam.created_at, exam.id),
    ...(exam.kind ? {} : examKeys.examsByVisibility(exam.is_public, exam.created_at, exam.id)),
    type: 'EXAM',
  };
}

/** The question fields an exam copy keeps (everything but the keys of its old home). */
const QUESTION_FIELDS = [
  'id', 'file_id', 'csv_id', 'title_ko', 'title_en', 'content_ko', 'content_en', 'answer_ko', 'answer_en',
  'explanation_ko', 'explanation_en', 'difficulty', 'url', 'group_id', 'created_language', 'created_at',
] as const;

export function questionCopy(examId: string, position: number, question: StoredQuestion) {
  const copy: Record<string, unknown> = {};
  for (const field of QUESTION_FIELDS) if (question[field] !== undefined) copy[field] = question[field];
  return {
    ...examKeys.examQuestion(examId, position),
    ...examKeys.questionCopy(question.id, `EXAM#${examId}#${position}`),
    type: 'EXAM_QUESTION',
    exam_id: examId,
    order: position,
    ...copy,
  };
}

export async function getExam(examId: string): Promise<ExamRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: examKeys.exam(examId), ConsistentRead: true }));
  return (Item as ExamRecord | undefined) ?? null;
}

export async function getExams(ids: string[]): Promise<ExamRecord[]> {
  return (await batchGetAll(ids.map((id) => examKeys.exam(id)))) as unknown as ExamRecord[];
}

/**
 * The exam and its questions with one Query of its partition (`EXAM` ≤ sk ≤ `Q#~`), in 1 MB
 * pages: a 2,000-question exam is one or two requests.
 */
export async function getExamWithQuestions(examId: string): Promise<{ exam: ExamRecord | null; questions: StoredQuestion[] }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': examKeys.exam(examId).pk, ':from': 'EXAM', ':to': EXAM_PARTITION_QUESTIONS_END },
    ConsistentRead: true,
  });
  const exam = (items.find((i) => i.sk === 'EXAM') as ExamRecord | undefined) ?? null;
  const questions = items.filter((i) => String(i.sk).startsWith(QUESTION_SK_PREFIX)) as StoredQuestion[];
  return { exam, questions };
}

export class TitleTakenError extends Error {}

/**
 * Writes a new exam: its question copies first (BatchWriteItem of 25), then the exam item and
 * the creator's title reservation in one transaction. Until that transaction nothing is
 * visible; if it fails the copies are removed again.
 */
export async function insertExam(exam: ExamRecord, questions: StoredQuestion[]): Promise<void> {
  const copies = questions.map((q, i) => questionCopy(exam.id, i + 1, q));
  await batchWriteAll(copies.map(putRequest));
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: config.appTable, Item: examItem(exam), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: config.appTable,
              Item: { ...examKeys.examTitle(exam.created_by_id, exam.title_key), type: 'EXAMTITLE', exam_id: exam.id, owner_id: exam.created_by_id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    await batchWriteAll(copies.map((c) => deleteRequest(c))).catch(() => undefined);
    if ((error as { name?: string }).name === 'TransactionCanceledException') throw new TitleTakenError(exam.title);
    throw error;
  }
}

export async function titleTaken(userId: string, titleKey: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: examKeys.examTitle(userId, titleKey), ConsistentRead: true }));
  return !!Item;
}

/** `EXAM#<id>`/`QSEQ`: the position counter of questions added one by one (functions/questions, E20). */
export const examPositionCounterKey = (examId: string) => ({ pk: examKeys.exam(examId).pk, sk: 'QSEQ' });

/** Removes the exam item and its title, then its question copies and the subscriptions to it. */
export async function removeExam(exam: ExamRecord): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: config.appTable, Key: examKeys.exam(exam.id) } },
        {
          Delete: {
            TableName: config.appTable,
            Key: examKeys.examTitle(exam.created_by_id, exam.title_key),
            ConditionExpression: 'attribute_not_exists(pk) OR exam_id = :id',
            ExpressionAttributeValues: { ':id': exam.id },
          },
        },
      ],
    }),
  );
  const [copies, subscribers] = await Promise.all([
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': examKeys.exam(exam.id).pk, ':q': QUESTION_SK_PREFIX },
      ProjectionExpression: 'pk, sk',
    }),
    queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': examKeys.subscribersOfExam(exam.id, '').gsi1pk },
      ProjectionExpression: 'pk, sk',
    }),
  ]);
  await batchWriteAll([...copies, ...subscribers, examPositionCounterKey(exam.id)].map((i) => deleteRequest(i as { pk: string; sk: string })));
}

/** Next version number under an original: an atomic counter on the original's item. */
export async function nextVersion(rootId: string): Promise<number | null> {
  try {
    const answer = await db().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: examKeys.exam(rootId),
        UpdateExpression: 'ADD version_count :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(answer.Attributes?.version_count ?? 1) + 1;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/**
 * Applies changed fields to an exam item; a new title moves the creator's reservation in the
 * same transaction, a visibility or date change moves the index keys.
 */
export async function saveExamChanges(before: ExamRecord, after: ExamRecord): Promise<void> {
  const item = examItem(after);
  const titleMoved = before.title_key !== after.title_key;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: config.appTable, Item: item, ConditionExpression: 'attribute_exists(pk)' } },
        ...(titleMoved
          ? [
              {
                Put: {
                  TableName: config.appTable,
                  Item: { ...examKeys.examTitle(after.created_by_id, after.title_key), type: 'EXAMTITLE', exam_id: after.id, owner_id: after.created_by_id },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Delete: {
                  TableName: config.appTable,
                  Key: examKeys.examTitle(before.created_by_id, before.title_key),
                  ConditionExpression: 'attribute_not_exists(pk) OR exam_id = :id',
                  ExpressionAttributeValues: { ':id': before.id },
                },
              },
            ]
          : []),
      ],
    }),
  ).catch((error: { name?: string }) => {
    if (error.name === 'TransactionCanceledException') throw new TitleTakenError(after.title);
    throw error;
  });
}

// --- subscriptions (in the subscriber's partition) ---

export async function subscriptionsOf(userId: string, examIds: string[]): Promise<Set<string>> {
  if (examIds.length === 0) return new Set();
  const found = await batchGetAll(examIds.map((id) => examKeys.subscription(userId, id)), { projection: 'exam_id' });
  return new Set(found.map((i) => String(i.exam_id)));
}

export async function isSubscribed(userId: string, examId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: examKeys.subscription(userId, examId), ProjectionExpression: 'exam_id' }));
  return !!Item;
}

export async function subscribe(userId: string, examIds: string[]): Promise<void> {
  const now = new Date().toISOString();
  await batchWriteAll(
    examIds.map((examId) =>
      putRequest({ ...examKeys.subscription(userId, examId), ...examKeys.subscribersOfExam(examId, userId), type: 'SUBSCRIPTION', exam_id: examId, user_id: userId, subscribed_at: now }),
    ),
  );
}

export async function unsubscribe(userId: string, examIds: string[]): Promise<void> {
  await batchWriteAll(examIds.map((examId) => deleteRequest(examKeys.subscription(userId, examId))));
}

/** The caller's subscriptions, newest first is not needed: bounded to 1,000 per answer. */
export async function subscribedExamIds(userId: string, limit = 1000): Promise<string[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': 'SUB#' },
      ProjectionExpression: 'exam_id',
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((i) => String(i.exam_id));
}

// --- the caller's answer history (written by exam taking) ---

export interface QuestionStat {
  question_id: string;
  total_attempts: number;
  correct_attempts: number;
}

/** Stats of the questions of one file: `QSTAT#<fileId>-` prefix of the user's partition. */
export async function statsForFile(userId: string, fileId: string): Promise<QuestionStat[]> {
  return (await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': `QSTAT#${fileId}-` },
  })) as unknown as QuestionStat[];
}

/** Every stat of the user (bounded: what 5 pages of 1 MB hold). */
export async function allStats(userId: string): Promise<QuestionStat[]> {
  const items: QuestionStat[] = [];
  let startKey: Record<string, unknown> | undefined;
  let pages = 0;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': 'QSTAT#' },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as unknown as QuestionStat[]));
    startKey = page.LastEvaluatedKey;
    pages++;
  } while (startKey && pages < 5);
  return items;
}

export async function statsFor(userId: string, questionIds: string[]): Promise<QuestionStat[]> {
  return (await batchGetAll(questionIds.map((id) => examKeys.questionStat(userId, id)))) as unknown as QuestionStat[];
}

/** Looks up one copy of each question through gsi1 `QUESTION#<id>` (one Query per id). */
export async function findQuestionCopies(questionIds: string[]): Promise<Map<string, (StoredQuestion & { pk: string })[]>> {
  const found = new Map<string, (StoredQuestion & { pk: string })[]>();
  let next = 0;
  const worker = async () => {
    while (next < questionIds.length) {
      const id = questionIds[next++]!;
      const answer = await db().send(
        new QueryCommand({
          TableName: config.appTable,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': examKeys.questionCopy(id, '').gsi1pk },
          Limit: 5,
        }),
      );
      if (answer.Items?.length) found.set(id, answer.Items as (StoredQuestion & { pk: string })[]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, questionIds.length) }, worker));
  return found;
}

// --- single-question exams (issue 5): `USER#<uid>`/`SINGLE#<questionId>` → the caller's exam of that question ---

export const singleExamPointerKey = (userId: string, questionId: string) => ({ pk: `USER#${userId}`, sk: `SINGLE#${questionId}` });

export async function getSingleExamPointer(userId: string, questionId: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: config.appTable, Key: singleExamPointerKey(userId, questionId), ConsistentRead: true }));
  return Item ? String(Item.exam_id) : null;
}

/** Claims the pointer (absent, or still pointing at `stale`); false when a concurrent call claimed it first. */
export async function claimSingleExamPointer(userId: string, questionId: string, examId: string, stale: string | null): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: config.appTable,
        Item: { ...singleExamPointerKey(userId, questionId), type: 'SINGLE_EXAM', question_id: questionId, exam_id: examId, created_at: new Date().toISOString() },
        ConditionExpression: stale ? 'exam_id = :stale' : 'attribute_not_exists(pk)',
        ...(stale ? { ExpressionAttributeValues: { ':stale': stale } } : {}),
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

// --- study links (written by the studies feature, S13): `EXAM#<id>`/`STUDYLINK#<studyId>#<taskId>` ---

export interface StudyLinkItem {
  sk: string;
  study_id?: string;
  study_title_ko?: string;
  study_title_en?: string;
  is_public?: boolean;
}

/** Query `EXAM#<id>` `begins_with(sk,'STUDYLINK#')` (1 request per 1 MB). */
export async function studyLinksOf(examId: string): Promise<StudyLinkItem[]> {
  return (await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': examKeys.exam(examId).pk, ':s': 'STUDYLINK#' },
  })) as unknown as StudyLinkItem[];
}
