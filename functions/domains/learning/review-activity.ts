import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type * as contracts from '#shared/contracts/review-activity.js';
import { ACTIVITY_DAYS, FORECAST_CAP, FORECAST_DAYS } from '#shared/contracts/review-activity.js';
import { addDays, learnerDay, learnerDaySettings, learnerDayStart } from '#shared/domain/learner-day.js';
import { reviewStreaks } from '#shared/domain/review-streaks.js';
import { config } from '../../runtime/config.js';
import { db } from '../../runtime/data/db.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { DATED_FROM, questionStatEntity } from './entities/question-stat.js';
import { reviewCalendarEntity } from './entities/review-calendar.js';

/**
 * GET /api/review-activity/: two requests whatever the history — one BatchGetItem of this year's and
 * last year's `REVCAL#` items (the heatmap and the streaks) and one Query of the due index up to the
 * end of the forecast, keys only, at most {@link FORECAST_CAP} cards.
 */
export async function getReviewActivity(
  _input: ServiceInput<typeof contracts.getReviewActivity>,
  ctx: SignedInContext,
) {
  const userId = ctx.caller.user.id;
  const settings = learnerDaySettings(ctx.caller.user);
  const today = learnerDay(new Date(), settings);
  const first = addDays(today, -(ACTIVITY_DAYS - 1));
  const years = [...new Set([first.slice(0, 4), today.slice(0, 4)])];
  const forecastEnd = learnerDayStart(addDays(today, FORECAST_DAYS), settings).toISOString();

  const [activity, due] = await Promise.all([
    db().send(
      new BatchGetCommand({
        RequestItems: { [config.appTable]: { Keys: years.map((year) => reviewCalendarEntity.key(userId, year)) } },
      }),
    ),
    db().send(
      new QueryCommand({
        TableName: config.appTable,
        IndexName: 'gsi1',
        // Dated entries only: learning cards (D185) are not in the forecast.
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :end',
        ExpressionAttributeValues: {
          ':pk': questionStatEntity.dueIndex(userId, forecastEnd, '').gsi1pk,
          ':from': DATED_FROM,
          ':end': forecastEnd,
        },
        ProjectionExpression: 'gsi1sk',
        Limit: FORECAST_CAP,
      }),
    ),
  ]);

  const counts = new Map<string, number>();
  for (const item of activity.Responses?.[config.appTable] ?? []) {
    const year = String(item.sk).slice(reviewCalendarEntity.skPrefix.length);
    for (const [day, count] of reviewCalendarEntity.counts(item, year))
      if (day >= first && day <= today) counts.set(day, count);
  }
  const days = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count }));
  const { current, longest } = reviewStreaks(counts, today);

  const forecast = Array.from({ length: FORECAST_DAYS }, (_, i) => ({ day: addDays(today, i), due: 0 }));
  for (const item of due.Items ?? []) {
    const dueAt = new Date(String(item.gsi1sk).split('#')[0]!);
    const offset = Math.round((Date.parse(learnerDay(dueAt, settings)) - Date.parse(today)) / 86_400_000);
    forecast[Math.min(Math.max(offset, 0), FORECAST_DAYS - 1)]!.due++;
  }

  return {
    today,
    days,
    total_reviews: days.reduce((sum, { count }) => sum + count, 0),
    current_streak: current,
    longest_streak: longest,
    forecast,
    forecast_capped: !!due.LastEvaluatedKey,
  };
}
