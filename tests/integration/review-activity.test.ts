import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { reviewCalendarEntity } from '../../functions/domains/learning/entities/review-calendar.js';
import { getReviewActivity } from '../../functions/domains/learning/review-activity.js';
import { addDays, learnerDay, learnerDayStart } from '#shared/domain/learner-day.js';
import { createExam } from '../support/exam-fixtures.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { writeDueCard } from '../support/due-cards.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KO_HEADER, multipartForm, questionRows, xlsxBytes } from '../support/sheets.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
const SEOUL = { timeZone: 'Asia/Seoul', rolloverHour: 4 };
const activity = async (user: FixtureUser) => {
  const res = await user.client.get('/api/review-activity/');
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Json;
};

/** Reviews on learner days, written as the submit's transactions would have counted them. */
async function reviewedOn(userId: string, days: Record<string, number>) {
  const byYear = new Map<string, Record<string, number>>();
  for (const [day, count] of Object.entries(days)) {
    byYear.set(day.slice(0, 4), { ...byYear.get(day.slice(0, 4)), [reviewCalendarEntity.attribute(day)]: count });
  }
  for (const [year, counts] of byYear) {
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.appTable,
        Item: { ...reviewCalendarEntity.key(userId, year), type: reviewCalendarEntity.type, ...counts },
      }),
    );
  }
}

describe('review activity: heatmap, streaks and forecast', () => {
  const calls = countDynamoCalls();

  it("counts a submit's graded answers once on the learner's day, a replay adding nothing", async () => {
    const user = await fixtureUser(apiUrl);
    const upload = await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm(
        { is_public: 'false' },
        { name: `activity-${randomUUID()}.xlsx`, bytes: xlsxBytes([KO_HEADER, ...questionRows(3)]) },
      ),
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const fileId = ((await upload.json()) as Json).file.id as string;
    const exam = await createExam(user, { title: `activity ${randomUUID()}`, question_count: 3, file_id: fileId });
    const questions = (await (await user.client.get(`/api/exam/${exam.id}/questions/`)).json()) as Json[];
    const body = {
      exam_id: exam.id,
      answers: questions.map((q) => ({ question_id: q.id, answer: String(q.answer) })),
      elapsed_seconds: 20,
      submission_id: randomUUID(),
    };
    expect((await user.client.post('/api/submit-exam/', body)).status).toBe(200);
    expect((await user.client.post('/api/submit-exam/', body)).status).toBe(200); // replayed

    const answer = await activity(user);
    const today = learnerDay(new Date(), SEOUL);
    expect(answer.today).toBe(today);
    expect(answer.days).toEqual([{ day: today, count: 3 }]);
    expect(answer).toMatchObject({ total_reviews: 3, current_streak: 1, longest_streak: 1 });
    // The first learning step (10 minutes) is not in the due index: nothing to forecast yet.
    expect(answer.forecast).toHaveLength(30);
    expect(answer.forecast_capped).toBe(false);
  });

  it('streaks run across the year boundary; a day not yet reviewed does not break the current one', async () => {
    const user = await fixtureUser(apiUrl);
    const today = learnerDay(new Date(), SEOUL);
    const days: Record<string, number> = {};
    // Yesterday back 4 days (today not yet reviewed), and a 9-day run ending ~Jan 3 of this year.
    for (let i = 1; i <= 4; i++) days[addDays(today, -i)] = i;
    const newYear = `${today.slice(0, 4)}-01-03`;
    for (let i = 0; i < 9; i++) days[addDays(newYear, -i)] = 2;
    // Older than the 365-day window: not shown, not counted.
    days[addDays(today, -400)] = 7;
    await reviewedOn(user.id, days);

    const answer = await activity(user);
    expect(answer.current_streak).toBe(4);
    const inWindow = Object.entries(days).filter(([day]) => day > addDays(today, -365));
    expect(answer.days).toEqual(
      inWindow.sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count })),
    );
    expect(answer.total_reviews).toBe(inWindow.reduce((sum, [, count]) => sum + count, 0));
    expect(answer.longest_streak).toBe(newYear > addDays(today, -365 + 8) ? 9 : 4);
  });

  it('forecasts due cards per learner day (overdue on today) in two requests, however many are due', async () => {
    const user = await fixtureUser(apiUrl);
    const now = new Date();
    const today = learnerDay(now, SEOUL);
    const start = (offset: number) => learnerDayStart(addDays(today, offset), SEOUL);
    const caller = { user: { id: user.id, time_zone: 'Asia/Seoul', day_rollover_hour: 4 } } as never;

    calls.reset();
    const empty = await getReviewActivity({} as never, { caller } as never);
    expect(calls.count()).toBe(2);
    expect(empty.forecast.every((day) => day.due === 0)).toBe(true);

    for (let i = 0; i < 3; i++)
      await writeDueCard(user.id, `over-${i}`, new Date(now.getTime() - (i + 1) * 86_400_000));
    await writeDueCard(user.id, 'later-today', new Date(start(1).getTime() - 60_000));
    for (let i = 0; i < 2; i++) await writeDueCard(user.id, `in-5-${i}`, new Date(start(5).getTime() + 3_600_000));
    await writeDueCard(user.id, 'day-29', new Date(start(29).getTime() + 60_000));
    await writeDueCard(user.id, 'day-30', new Date(start(30).getTime() + 60_000)); // past the forecast

    calls.reset();
    const answer = await getReviewActivity({} as never, { caller } as never);
    expect(calls.count()).toBe(2);
    expect(answer.forecast[0]).toEqual({ day: today, due: 4 });
    expect(answer.forecast[5]).toEqual({ day: addDays(today, 5), due: 2 });
    expect(answer.forecast[29]).toEqual({ day: addDays(today, 29), due: 1 });
    expect(answer.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(7);
  });
});
