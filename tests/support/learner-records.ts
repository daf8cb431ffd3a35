import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { reviewLogEntity } from '../../functions/domains/learning/entities/review-log.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import type { syntheticReviewLog } from './synthetic-review-log.js';

/** The USER item as stored now (a consistent read: a fit or setting just written is seen). */
export async function storedUser(userId: string): Promise<Record<string, any> | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.appTable, Key: userEntity.key(userId), ConsistentRead: true }),
  );
  return Item;
}

/** Sets fields of the USER item directly (profile settings a test wants without the profile route). */
export async function setUserFields(userId: string, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: userEntity.key(userId),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}

/** The learner's QSTAT item of a question as stored now (consistent: a grade just written is seen). */
export async function storedStat(userId: string, questionId: string): Promise<Record<string, any> | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({
      TableName: config.appTable,
      Key: questionStatEntity.key(userId, questionId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** Writes a synthetic review log into the learner's partition as REVLOG items, as the fit reads them. */
export async function writeReviewLog(userId: string, records: ReturnType<typeof syntheticReviewLog>): Promise<void> {
  const items = records.map((record, i) =>
    reviewLogEntity.item(userId, `synthetic.${i}`, { ...record, exam_id: 'synthetic', result_id: `r${i}` }),
  );
  await batchWriteAll(items.map(putRequest));
}

/** The learner's review-log items as stored now, oldest first (a consistent read). */
export async function storedReviewLog(userId: string): Promise<Record<string, any>[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': reviewLogEntity.skPrefix },
    ConsistentRead: true,
  });
}
