import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type * as contracts from '#shared/contracts/daily-quiz.js';
import { DUE_TODAY_CAP } from '#shared/contracts/daily-quiz.js';
import {
  addDays,
  learnerDay,
  learnerDaySettings,
  learnerDayStart,
  type LearnerDaySettings,
} from '#shared/domain/learner-day.js';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { DATED_FROM, questionStatEntity } from './entities/question-stat.js';

/**
 * Cards due by the end of the learner's day: the sparse due index `USER#<id>#DUE` (review and
 * relearning cards only) with `gsi1sk` before the start of tomorrow's learner day. One Query with
 * `Select: COUNT` and `Limit` {@link DUE_TODAY_CAP}, whatever the history: a larger backlog
 * answers the cap with `capped`.
 */
export async function dueTodayCount(
  userId: string,
  settings: LearnerDaySettings,
  now = new Date(),
): Promise<{ day: string; due_today: number; capped: boolean }> {
  const day = learnerDay(now, settings);
  const end = learnerDayStart(addDays(day, 1), settings).toISOString();
  const { gsi1pk } = questionStatEntity.dueIndex(userId, end, '');
  const answer = await db().send(
    new QueryCommand({
      TableName: config.appTable,
      IndexName: 'gsi1',
      // Dated entries only: learning cards (D185) are not reviews.
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :end',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':from': DATED_FROM, ':end': end },
      Select: 'COUNT',
      Limit: DUE_TODAY_CAP,
    }),
  );
  return { day, due_today: answer.Count ?? 0, capped: !!answer.LastEvaluatedKey };
}

/** GET /api/due-today/: the caller's own count (there is no way to name another user). */
export async function getDueToday(_input: ServiceInput<typeof contracts.getDueToday>, ctx: SignedInContext) {
  return dueTodayCount(ctx.caller.user.id, learnerDaySettings(ctx.caller.user));
}
