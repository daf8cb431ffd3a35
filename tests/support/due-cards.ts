import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { nextStat } from '../../functions/domains/learning/question-stat.js';

/** A review card of `questionId` due at `due`, in the sparse due index, written as a submit would write it. */
export async function writeDueCard(userId: string, questionId: string, due: Date): Promise<void> {
  const item = nextStat(userId, questionId, undefined, [true], new Date(due.getTime() - 30 * 86_400_000), 'exam');
  const fsrs = { ...item.fsrs, state: 'review' as const, due: due.toISOString(), stability: 5, scheduled_days: 5 };
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: { ...item, fsrs, ...questionStatEntity.dueIndex(userId, fsrs.due, questionId) },
    }),
  );
}
