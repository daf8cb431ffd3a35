import { describe, expect, inject, it } from 'vitest';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { dueTodayCount } from '../../functions/domains/learning/due-today.js';
import { addDays, learnerDay, learnerDayStart } from '#shared/domain/learner-day.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { writeDueCard } from '../support/due-cards.js';
import { fixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

describe('due today (D120)', () => {
  const calls = countDynamoCalls();

  it('counts what the sparse due index holds until the end of the learner day, in one request', async () => {
    const user = await fixtureUser(apiUrl);
    const settings = { timeZone: 'Asia/Seoul', rolloverHour: 4 };
    const now = new Date();
    const today = learnerDay(now, settings);
    const tomorrow = learnerDayStart(addDays(today, 1), settings);
    // 3 overdue, 2 due later today, 4 due tomorrow or later.
    for (let i = 0; i < 3; i++)
      await writeDueCard(user.id, `file-${i}`, new Date(now.getTime() - (i + 1) * 86_400_000));
    for (let i = 3; i < 5; i++)
      await writeDueCard(user.id, `file-${i}`, new Date(tomorrow.getTime() - (i - 2) * 60_000));
    for (let i = 5; i < 9; i++)
      await writeDueCard(user.id, `file-${i}`, new Date(tomorrow.getTime() + (i - 5) * 86_400_000));

    const index = await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': questionStatEntity.dueIndex(user.id, '', '').gsi1pk },
    });
    expect(index).toHaveLength(9);
    const expected = index.filter((item) => String(item.gsi1sk) < tomorrow.toISOString()).length;
    expect(expected).toBe(5);

    calls.reset();
    expect(await dueTodayCount(user.id, settings, now)).toEqual({ day: today, due_today: 5, capped: false });
    expect(calls.count()).toBe(1);

    const res = await user.client.get('/api/due-today/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ day: today, due_today: 5, capped: false });
  });
});
