import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { nextStat } from '../../functions/domains/learning/question-stat.js';
import { useCloudEnv } from '../support/accounts.js';
import { getDueToday, getReviewQueue } from '../../functions/domains/studies/review-sources.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { signedInContextFor } from '../support/request-context.js';
import { writeDueCard } from '../support/due-cards.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { setUserFields } from '../support/learner-records.js';
import { publicSourceExam, subscribe } from '../support/learner-queue-fixtures.js';
import { okJson } from '../support/responses.js';

/**
 * One due rule (D298): home and the profile read GET /api/due-today/, the Review screen GET
 * /api/review-queue/; for one learner at one moment they answer the same counts — reviews due
 * (within the day's review limit), learning and relearning steps, new cards available.
 */
const apiUrl = inject('apiUrl');
useCloudEnv();

let exam: { id: string };
let questions: { id: string }[];

beforeAll(async () => {
  ({ exam, questions } = await publicSourceExam('due-rule', 30));
});

/** A card in relearning (a lapsed review), due at `due`: a dated entry of the due index that is not a review. */
async function writeRelearningCard(userId: string, questionId: string, due: Date) {
  const item = nextStat(userId, questionId, undefined, [true], new Date(due.getTime() - 10 * 86_400_000), 'exam');
  const fsrs = { ...item.fsrs, state: 'relearning' as const, due: due.toISOString(), stability: 1, lapses: 1 };
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: { ...item, fsrs, ...questionStatEntity.dueIndex(userId, fsrs.due, questionId) },
    }),
  );
}

async function seededLearner(): Promise<FixtureUser> {
  const user = await fixtureUser(apiUrl, { language: 'en' });
  await subscribe(user, [exam.id]);
  await setUserFields(user.id, { new_cards_per_day: 6, max_reviews_per_day: 4 });
  // 5 reviews due (one over the limit of 4), 2 reviews due in a week (not today).
  for (const [i, q] of questions.slice(20, 25).entries())
    await writeDueCard(user.id, q.id, new Date(Date.now() - (i + 1) * 86_400_000));
  for (const q of questions.slice(25, 27)) await writeDueCard(user.id, q.id, new Date(Date.now() + 7 * 86_400_000));
  // One relearning card due now.
  await writeRelearningCard(user.id, questions[27]!.id, new Date(Date.now() - 60_000));
  // Two learning-step cards from an exam answer (each starts one of the day's new cards: 6 − 2 = 4 new left).
  await okJson(
    await user.client.post('/api/submit-exam/', {
      exam_id: exam.id,
      submission_id: randomUUID(),
      elapsed_seconds: 30,
      answers: questions.slice(0, 2).map((q) => ({ question_id: q.id, answer: 'not the answer' })),
    }),
  );
  return user;
}

describe('one due rule (D298)', () => {
  const calls = countDynamoCalls();

  it('home, the profile and the Review screen count the same cards for one learner and moment', async () => {
    const user = await seededLearner();
    const summary = await okJson(await user.client.get('/api/due-today/'));
    const queue = await okJson(await user.client.get('/api/review-queue/'));

    expect(summary).toMatchObject({ day: queue.day, due: 4, learning: 3, new: 4, capped: false });
    expect({
      due: summary.due,
      learning: summary.learning,
      learning_now: summary.learning_now,
      new: summary.new,
    }).toEqual(queue.counts);
    expect(summary.next_learning_due).toBe(queue.next_learning_due);
    // The relearning card is due now; the two exam answers wait for their first step.
    expect(summary.learning_now).toBeGreaterThanOrEqual(1);
    // What the page shows now is what the counts call ready: due, then new, then learning due now.
    const kinds = queue.cards.map((c: { kind: string }) => c.kind);
    expect(kinds.filter((k: string) => k === 'due')).toHaveLength(summary.due);
    expect(kinds.filter((k: string) => k === 'new')).toHaveLength(summary.new);
    expect(kinds.filter((k: string) => k === 'learning')).toHaveLength(summary.learning_now);

    // The profile's forecast counts the days after today; today's figure is this summary (the web shows it).
    const activity = await okJson(await user.client.get('/api/review-activity/'));
    expect(activity.today).toBe(summary.day);
    expect(activity.forecast.slice(1).reduce((sum: number, d: { due: number }) => sum + d.due, 0)).toBe(2);
  });

  it('costs no more DynamoDB requests than the Review screen it summarises, whatever the backlog', async () => {
    const counts: number[] = [];
    for (const n of [1, 12]) {
      const user = await fixtureUser(apiUrl, { language: 'en' });
      await subscribe(user, [exam.id]);
      for (const q of questions.slice(0, n)) await writeDueCard(user.id, q.id, new Date(Date.now() - 86_400_000));
      const ctx = signedInContextFor(user);
      // The first read of the exam places the learner in it (D309): measured are the reads after.
      await getReviewQueue({ query: {} } as Parameters<typeof getReviewQueue>[0], ctx);
      calls.reset();
      await getReviewQueue({ query: {} } as Parameters<typeof getReviewQueue>[0], ctx);
      const queueCalls = calls.count();
      calls.reset();
      const summary = await getDueToday({ query: {} } as Parameters<typeof getDueToday>[0], ctx);
      expect(summary.due).toBe(n);
      counts.push(calls.count());
      // The queue also reads the undo pointer and its due cards by their place (D308); the summary builds no card.
      expect(calls.count()).toBe(queueCalls - 2);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
