import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { batchGetAll, batchWriteAll, deleteRequest, putRequest } from '../../runtime/data/batch-ops.js';
import { queryAll, queryBounded } from '../../runtime/data/paginate.js';
import { isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { examEntity, type ExamRecord } from './entities/exam.js';
import { examQuestionEntity, type PlacedQuestion } from './entities/exam-question.js';
import { examTitleClaimEntity } from './entities/exam-title-claim.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { questionMemberMappingEntity, type QuestionMemberMappingRecord } from './entities/question-member-mapping.js';
import { questionPositionCounterEntity } from './entities/question-position-counter.js';
import { singleQuestionPointerEntity } from './entities/single-question-pointer.js';
import { studiesOfExams } from './studies-of-exams.js';
import { studyLinkEntity, type StudyLinkRecord } from './entities/study-link.js';
import { subscriptionEntity } from './entities/subscription.js';
import { type StoredQuestion } from '../files/index.js';
import { db, claimPointer, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';
import { forgetExamStamp } from './public-exam-cache.js';

export type { ExamRecord, StoredQuestion };

export function searchText(exam: Pick<ExamRecord, 'title' | 'title_ko' | 'title_en'>): string {
  return nameKey([exam.title, exam.title_ko, exam.title_en].filter(Boolean).join(' \u0001 '));
}

/** The stored item of an exam record; the index keys always follow its current fields. */
export const examItem = examEntity.item;

export const questionCopy = examQuestionEntity.item;

export async function findExam(examId: string): Promise<ExamRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: examEntity.key(examId), ConsistentRead: true }),
  );
  return Item ? examEntity.parse(Item) : null;
}

export async function getExams(ids: string[]): Promise<ExamRecord[]> {
  return (await batchGetAll(ids.map((id) => examEntity.key(id)))).map(examEntity.parse);
}

/**
 * The exam and its questions with one Query of its partition (`EXAM` ≤ sk ≤ `Q#~`), in 1 MB
 * pages: a 2,000-question exam is one or two requests.
 */
export async function getExamWithQuestions(
  examId: string,
): Promise<{ exam: ExamRecord | null; questions: StoredQuestion[] }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': examEntity.partition(examId),
      ':from': examEntity.sk,
      ':to': examEntity.questionsEnd,
    },
    ConsistentRead: true,
  });
  const examItemFound = items.find(examEntity.isExamItem);
  const exam = examItemFound ? examEntity.parse(examItemFound) : null;
  const questions = items.filter(examQuestionEntity.isQuestionItem).map(examQuestionEntity.parse);
  return { exam, questions };
}

/**
 * One page of an exam read (D357): from position `from` on (the first page from the meta item), at
 * most `want` questions, in order, by a strongly consistent Query of at most `maxPages` requests
 * (a question item is far below 1 MB / `want`, so one request usually does). `more` tells whether
 * questions follow the last one read.
 */
export async function getExamQuestionPage(
  examId: string,
  options: { from: number | null; want: number; maxPages: number },
): Promise<{ exam: ExamRecord | null; questions: PlacedQuestion[]; more: boolean }> {
  const first = options.from === null;
  const wanted = options.want + (first ? 1 : 0);
  const { items, lastKey } = await queryBounded(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': examEntity.partition(examId),
        ':from': first ? examEntity.sk : examQuestionEntity.key(examId, options.from!).sk,
        ':to': examEntity.questionsEnd,
      },
      Limit: wanted,
      ConsistentRead: true,
    },
    { want: wanted, maxPages: options.maxPages },
  );
  const examItemFound = first ? items.find(examEntity.isExamItem) : undefined;
  const exam = examItemFound ? examEntity.parse(examItemFound) : null;
  const placed = items.filter(examQuestionEntity.isQuestionItem).map(examQuestionEntity.parsePlaced);
  const questions = placed.slice(0, options.want);
  return { exam, questions, more: placed.length > options.want || lastKey !== undefined };
}

/**
 * The same, plus the exam's study links in the same Query (they sort after the questions, with only
 * the small `QSEQ` between): the submit learns which study tasks link the exam (S24) at no extra request.
 */
export async function getExamWithQuestionsAndLinks(
  examId: string,
): Promise<{ exam: ExamRecord | null; questions: StoredQuestion[]; links: StudyLinkRecord[] }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': examEntity.partition(examId),
      ':from': examEntity.sk,
      ':to': `${studyLinkEntity.skPrefix}~`,
    },
    ConsistentRead: true,
  });
  const examItemFound = items.find(examEntity.isExamItem);
  const exam = examItemFound ? examEntity.parse(examItemFound) : null;
  const questions = items.filter(examQuestionEntity.isQuestionItem).map(examQuestionEntity.parse);
  const links = items.filter((item) => String(item.sk).startsWith(studyLinkEntity.skPrefix)).map(studyLinkEntity.parse);
  return { exam, questions, links };
}

export class TitleTakenError extends Error {}

/**
 * Daily exams hold no title reservation: each quiz day has a new one under the same title
 * ("Today's Quizzes for {username}"), and the user's own exams keep their titles free.
 */
const reservesTitle = (exam: ExamRecord) => exam.kind !== 'daily';

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
          { Put: { TableName: config.appTable, Item: examItem(exam), ConditionExpression: ITEM_ABSENT } },
          ...(reservesTitle(exam)
            ? [
                {
                  Put: {
                    TableName: config.appTable,
                    Item: examTitleClaimEntity.item(exam.created_by_id, exam.title_key, exam.id),
                    ConditionExpression: ITEM_ABSENT,
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    await batchWriteAll(copies.map((c) => deleteRequest(primaryKeyOf(c)))).catch(() => undefined);
    if (isTransactionCanceled(error)) throw new TitleTakenError(exam.title);
    throw error;
  }
}

export async function titleTaken(userId: string, titleKey: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: examTitleClaimEntity.key(userId, titleKey),
      ConsistentRead: true,
    }),
  );
  return !!Item;
}

/**
 * Removes the exam item and its title, then its question copies, question-member mappings, study
 * links and the subscriptions to it. Tasks that linked it keep their row with no exam (as a task
 * added without one), so a study never points at a deleted exam.
 */
export async function removeExam(exam: ExamRecord): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: config.appTable, Key: examEntity.key(exam.id) } },
        ...(reservesTitle(exam)
          ? [
              {
                Delete: {
                  TableName: config.appTable,
                  Key: examTitleClaimEntity.key(exam.created_by_id, exam.title_key),
                  ConditionExpression: 'attribute_not_exists(pk) OR exam_id = :id',
                  ExpressionAttributeValues: { ':id': exam.id },
                },
              },
            ]
          : []),
      ],
    }),
  );
  const [copies, mappings, links, subscribers] = await Promise.all([
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': examEntity.partition(exam.id), ':q': examQuestionEntity.skPrefix },
      ProjectionExpression: 'pk, sk',
    }),
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':pk': examEntity.partition(exam.id), ':m': questionMemberMappingEntity.skPrefix },
      ProjectionExpression: 'pk, sk',
    }),
    studyLinksOf(exam.id),
    queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': subscriptionEntity.subscribersPartition(exam.id) },
      ProjectionExpression: 'pk, sk',
    }),
  ]);
  if (links.length > 0)
    await Promise.all(links.map((link) => studiesOfExams().unlinkTask(link.task_id, link.study_id, exam.id)));
  await batchWriteAll(
    [
      ...copies.map(primaryKeyOf),
      ...mappings.map(primaryKeyOf),
      ...links.map((link) => studyLinkEntity.key(exam.id, link.study_id, link.task_id)),
      ...subscribers.map(primaryKeyOf),
      questionPositionCounterEntity.key(exam.id),
    ].map(deleteRequest),
  );
}

/**
 * Next version number under an original: `version_count` on the original's unindexed `QSEQ` counter
 * item (D193; on the EXAM item every retake was a write of both list indexes). A count left on the
 * EXAM item by older code is the base it adds to. GetItem (the original must exist) + UpdateItem;
 * null when the original is gone.
 */
export async function nextVersion(rootId: string): Promise<number | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: examEntity.key(rootId),
      ProjectionExpression: 'pk, version_count',
    }),
  );
  if (!Item) return null;
  // A counter item, created on first use (D90).
  const answer = await db().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: questionPositionCounterEntity.key(rootId),
      UpdateExpression: 'ADD version_count :one SET #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': questionPositionCounterEntity.type },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Item.version_count ?? 0) + Number(answer.Attributes?.version_count ?? 1) + 1;
}

/**
 * Applies changed fields to an exam item; a new title moves the creator's reservation in the
 * same transaction, a visibility or date change moves the index keys.
 */
export async function saveExamChanges(before: ExamRecord, after: ExamRecord): Promise<void> {
  const item = examItem(after);
  const titleMoved = before.title_key !== after.title_key;
  forgetExamStamp(after.id);
  await db()
    .send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: config.appTable, Item: item, ConditionExpression: ITEM_EXISTS } },
          questionPositionCounterEntity.contentVersionBump(after.id, config.appTable),
          ...(titleMoved
            ? [
                {
                  Put: {
                    TableName: config.appTable,
                    Item: examTitleClaimEntity.item(after.created_by_id, after.title_key, after.id),
                    ConditionExpression: ITEM_ABSENT,
                  },
                },
                {
                  Delete: {
                    TableName: config.appTable,
                    Key: examTitleClaimEntity.key(before.created_by_id, before.title_key),
                    ConditionExpression: 'attribute_not_exists(pk) OR exam_id = :id',
                    ExpressionAttributeValues: { ':id': before.id },
                  },
                },
              ]
            : []),
        ],
      }),
    )
    .catch((error: unknown) => {
      if (isTransactionCanceled(error)) throw new TitleTakenError(after.title);
      throw error;
    });
}

// --- single-question exams: the pointer names the caller's exam of that question ---

export async function getSingleExamPointer(userId: string, questionId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: config.appTable,
      Key: singleQuestionPointerEntity.key(userId, questionId),
      ConsistentRead: true,
    }),
  );
  return Item ? singleQuestionPointerEntity.parse(Item).exam_id : null;
}

/** Claims the pointer (absent, or still pointing at `stale`); false when a concurrent call claimed it first. */
export function claimSingleExamPointer(
  userId: string,
  questionId: string,
  examId: string,
  stale: string | null,
): Promise<boolean> {
  return claimPointer(
    singleQuestionPointerEntity.item(userId, questionId, examId, new Date().toISOString()),
    stale,
    'exam_id',
  );
}

// --- study links (written by the studies feature, S13): `EXAM#<id>`/`STUDYLINK#<studyId>#<taskId>` ---

/** Query `EXAM#<id>` `begins_with(sk,'STUDYLINK#')` (1 request per 1 MB). */
export async function studyLinksOf(examId: string): Promise<StudyLinkRecord[]> {
  return (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': examEntity.partition(examId), ':s': studyLinkEntity.skPrefix },
    })
  ).map(studyLinkEntity.parse);
}

/** The caller's exams by title key (their `EXAMTITLE#` claims, one BatchGetItem): title key → exam id. */
export async function examIdsByTitle(userId: string, titleKeys: string[]): Promise<Map<string, string>> {
  const claims = await batchGetAll(titleKeys.map((t) => examTitleClaimEntity.key(userId, t)));
  return new Map(claims.map((c) => [String(c.sk).slice('EXAMTITLE#'.length), String(c.exam_id)]));
}

/** Saves question-member mappings into the exam's partition (`QMAP#`, BatchWriteItem). */
export async function saveMemberMappings(examId: string, mappings: QuestionMemberMappingRecord[]): Promise<void> {
  await batchWriteAll(mappings.map((m) => putRequest(questionMemberMappingEntity.item(examId, m))));
}

/** The exam's question-member mappings (one Query of `QMAP#`). */
export async function memberMappingsOf(examId: string): Promise<QuestionMemberMappingRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
    ExpressionAttributeValues: { ':pk': examEntity.partition(examId), ':m': questionMemberMappingEntity.skPrefix },
  });
  return items.map(questionMemberMappingEntity.parse);
}
