import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { nextStat } from '../../functions/domains/learning/question-stat.js';
import { daysFrom, fsrsCard } from './fsrs-cards.js';

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

/**
 * A QSTAT item in FSRS review of `questionId` in `examId`, due `daysAgo` days ago and last reviewed
 * `stability` days before that, after `answers` right answers, on the sparse due index.
 */
export async function writeDueStat(
  userId: string,
  questionId: string,
  examId: string,
  { daysAgo, stability, answers = 2 }: { daysAgo: number; stability: number; answers?: number },
): Promise<void> {
  const now = new Date();
  const due = daysFrom(now, -daysAgo);
  const fsrs = fsrsCard({ due, stability, lastReview: daysFrom(due, -stability), reps: answers });
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: {
        ...questionStatEntity.key(userId, questionId),
        ...questionStatEntity.dueIndex(userId, fsrs.due, questionId),
        type: 'QSTAT',
        question_id: questionId,
        exam_id: examId,
        total_attempts: answers,
        correct_attempts: answers,
        version: 1,
        fsrs,
      },
    }),
  );
}
