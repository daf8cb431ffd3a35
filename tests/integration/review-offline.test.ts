import { beforeAll, describe, expect, inject, it } from 'vitest';
import { OFFLINE_DAYS_AHEAD } from '../../shared/contracts/review-offline.js';
import { QUEUE_WINDOW } from '../../functions/domains/exams/new-card-read.js';
import { useCloudEnv } from '../support/accounts.js';
import { writeDueStat } from '../support/due-cards.js';
import { fixtureUser } from '../support/fixture-users.js';
import { setUserFields } from '../support/learner-records.js';
import { publicSourceExam, subscribe } from '../support/learner-queue-fixtures.js';
import { okJson } from '../support/responses.js';

/** GET /api/review-offline/: the Review screen's download for offline study. */
const apiUrl = inject('apiUrl');
useCloudEnv();

let exam: { id: string };
let questions: { id: string }[];

beforeAll(async () => {
  ({ exam, questions } = await publicSourceExam('offline', 12));
});

describe('the offline download', () => {
  it('holds today’s queue and the next days’ due cards with their FSRS cards and the learner’s scheduling', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await setUserFields(user.id, {
      new_cards_per_day: 3,
      time_zone: 'Europe/Berlin',
      day_rollover_hour: 2,
      desired_retention: 0.85,
    });
    // Due yesterday, due in three days (inside the window), due past the window (left out).
    await writeDueStat(user.id, questions[0]!.id, exam.id, { daysAgo: 1, stability: 3 });
    await writeDueStat(user.id, questions[1]!.id, exam.id, { daysAgo: -3, stability: 6 });
    await writeDueStat(user.id, questions[2]!.id, exam.id, { daysAgo: -(OFFLINE_DAYS_AHEAD + 3), stability: 12 });

    const answer = await okJson(await user.client.get('/api/review-offline/'));
    expect(answer.scheduling).toEqual({
      time_zone: 'Europe/Berlin',
      day_rollover_hour: 2,
      desired_retention: 0.85,
      fsrs_weights: null,
    });
    expect(answer.limits).toMatchObject({ new_per_day: 3 });
    const byId = new Map(answer.cards.map((c: any) => [c.question_id, c]));
    expect(byId.get(questions[0]!.id)).toMatchObject({ exam_id: exam.id, fsrs: { state: 'review' } });
    expect(byId.get(questions[1]!.id)).toMatchObject({ fsrs: { state: 'review' } });
    expect(byId.has(questions[2]!.id)).toBe(false);
    const fresh = answer.cards.filter((c: any) => c.fsrs === null);
    expect(fresh).toHaveLength(3);
    expect(fresh.every((c: any) => typeof c.question.content === 'string')).toBe(true);
  });

  it('holds as many new cards as the learner’s day allows, past the Review screen’s 60 a read, up to an exam’s window', async () => {
    const { exam: big } = await publicSourceExam('offline-many', QUEUE_WINDOW + 20);
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [big.id]);
    await setUserFields(user.id, { new_cards_per_day: 150 });
    const answer = await okJson(await user.client.get('/api/review-offline/'));
    const fresh = answer.cards.filter((c: any) => c.fsrs === null);
    expect(fresh).toHaveLength(QUEUE_WINDOW);
    expect(new Set(fresh.map((c: any) => c.question_id)).size).toBe(QUEUE_WINDOW);
  });

  it('names only exams the caller reads', async () => {
    const user = await fixtureUser(apiUrl);
    const res = await user.client.get('/api/review-offline/?exam_id=NOSUCHEXAM00000000000000');
    expect(res.status).toBe(404);
  });
});
