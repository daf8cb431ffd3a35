import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import { primaryKeyOf } from '../../runtime/data/item.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { examEntity } from './entities/exam.js';
import { examQuestionEntity, type PlacedQuestion } from './entities/exam-question.js';

/** Where a question's copies are: in one exam (gsi1 or the exam's own items) or anywhere (gsi1). */

/**
 * The question's copy in the exam through gsi1 `QUESTION#<qid>` / begins_with `EXAM#<examId>#`
 * (1 Query; the index projects the whole copy, `projection` narrows it).
 */
export async function copyInExamIndex(
  examId: string,
  questionId: string,
  projection?: string,
): Promise<Record<string, unknown> | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :home)',
      ExpressionAttributeValues: {
        ':pk': examQuestionEntity.copyPartition(questionId),
        ':home': examQuestionEntity.homePrefix(examId),
      },
      ...(projection ? { ProjectionExpression: projection } : {}),
      Limit: 1,
    }),
  );
  return Items?.[0] ?? null;
}

/**
 * The key of the question's copy inside one exam, from gsi1 `QUESTION#<qid>` / begins_with
 * `EXAM#<examId>#` (1 Query, keys only). The index lags a question added a moment ago, so a miss
 * is not the last word: `examQuestionsWithId` reads the exam's own items.
 */
export async function indexedQuestionCopy(
  examId: string,
  questionId: string,
): Promise<{ pk: string; sk: string } | null> {
  const hit = await copyInExamIndex(examId, questionId, 'pk, sk');
  return hit ? primaryKeyOf(hit) : null;
}

/** The exam's question items with that id, strongly consistent (every page, filtered by id). */
export function examQuestionsWithId(
  examId: string,
  questionId: string,
  projection?: string,
): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
    FilterExpression: 'id = :id',
    ExpressionAttributeValues: {
      ':pk': examEntity.partition(examId),
      ':q': examQuestionEntity.skPrefix,
      ':id': questionId,
    },
    ...(projection ? { ProjectionExpression: projection } : {}),
    ConsistentRead: true,
  });
}

/** Looks up one copy of each question through gsi1 `QUESTION#<id>` (one Query per id). */
export async function findQuestionCopies(questionIds: string[]): Promise<Map<string, PlacedQuestion[]>> {
  const found = new Map<string, PlacedQuestion[]>();
  let next = 0;
  const worker = async () => {
    while (next < questionIds.length) {
      const id = questionIds[next++]!;
      const answer = await db().send(
        new QueryCommand({
          TableName: config.appTable,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': examQuestionEntity.copyPartition(id) },
          Limit: 5,
        }),
      );
      if (answer.Items?.length) found.set(id, answer.Items.map(examQuestionEntity.parsePlaced));
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, questionIds.length) }, worker));
  return found;
}
