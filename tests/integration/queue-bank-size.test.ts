import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { LIMITS } from '#shared/domain/limits.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { insertExam } from '../../functions/domains/exams/exam-store.js';
import { newExamRecord } from '../../functions/domains/exams/new-exam.js';
import { newCardPlaceEntity } from '../../functions/domains/exams/entities/new-card-place.js';
import { getDueToday, getReviewQueue } from '../../functions/domains/studies/review-sources.js';
import { useCloudEnv } from '../support/accounts.js';
import { writeDueStat } from '../support/due-cards.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser } from '../support/fixture-users.js';
import { subscribe } from '../support/learner-queue-fixtures.js';
import { signedInContextFor } from '../support/request-context.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

/**
 * The learner's queue reads the same number of times whatever the size of the bank (D308): a
 * learner who answered the first 70 questions (3 of them due today, the rest in 10 days) gets new
 * cards from question 71 on, at 100, 2,000 and 20,000 questions. The exams are written straight
 * through the store (the HTTP import would take minutes at 20,000).
 */
const apiUrl = inject('apiUrl');
useCloudEnv();

const REVIEWED = 70;
/** The default new-card limit: the learner keeps the defaults. */
const NEW = LIMITS.newCardsPerDay.default;

async function seededExam(size: number) {
  const author = await fixtureUser(apiUrl, { language: 'en' });
  const fileId = `bank${uniqueSuffix().replace(/[^0-9a-z]/g, '')}`;
  const exam = newExamRecord({
    title: `bank ${size} ${author.id}`,
    language: 'en',
    caller: { ...author, role: 'user' } as never,
    questions: size,
    isPublic: true,
    isOriginal: true,
  });
  const questions = Array.from({ length: size }, (_, i) => ({
    id: `${fileId}-${i + 1}`,
    file_id: fileId,
    title_en: `Question ${i + 1}`,
    content_en: `What is ${i + 1} + 1?`,
    answer_en: String(i + 2),
    created_language: 'en',
  }));
  await insertExam(exam, questions);
  return { exam, questions };
}

async function learnerOn(examId: string, questionIds: string[]) {
  const user = await fixtureUser(apiUrl, { language: 'en' });
  await subscribe(user, [examId]);
  // Reviewed, due in 10 days: not among the cards the due index gives for today.
  for (const id of questionIds.slice(0, REVIEWED))
    await writeDueStat(user.id, id, examId, { daysAgo: -10, stability: 12, answers: 1 });
  // Three of them due today: behind the learner's place, so read by key at every size.
  const dueIds = [9, 29, 59].map((i) => questionIds[i]!);
  for (const id of dueIds) await writeDueStat(user.id, id, examId, { daysAgo: 1, stability: 3, answers: 1 });
  return { user, dueIds };
}

describe('the queue at any bank size', () => {
  const calls = countDynamoCalls();

  it('reads the same number of times at 100, 2,000 and 20,000 questions and offers the unseen ones', async () => {
    const perPage: Record<string, number>[] = [];
    for (const size of [100, 2_000, 20_000]) {
      const { exam, questions } = await seededExam(size);
      const ids = questions.map((q) => q.id);
      const { user, dueIds } = await learnerOn(exam.id, ids);
      const ctx = signedInContextFor(user, `bank-${size}`);
      const input = { params: {}, query: {}, body: {} } as never;
      // The first read places the learner in the exam from its start, in as many requests as any read.
      calls.reset();
      await getReviewQueue(input, ctx);
      const first = calls.count();
      const place = await dynamoDocument().send(
        new GetCommand({ TableName: config.appTable, Key: newCardPlaceEntity.key(user.id, exam.id) }),
      );
      expect(place.Item?.frontier).toBe(REVIEWED);
      expect(Object.keys(place.Item?.placed ?? {}).sort()).toEqual(ids.slice(0, REVIEWED).sort());

      calls.reset();
      const page = await getReviewQueue(input, ctx);
      const review = calls.count();
      calls.reset();
      const today = await getDueToday(input, ctx);
      perPage.push({ first, review, dueToday: calls.count() });

      expect(page.counts).toEqual({ new: NEW, learning: 0, learning_now: 0, due: 3 });
      expect(today).toMatchObject({ due: 3, new: NEW });
      const cards = page.cards as { question_id: string; kind: string; question: { content: string } }[];
      expect(
        cards
          .filter((c) => c.kind === 'due')
          .map((c) => c.question_id)
          .sort(),
      ).toEqual([...dueIds].sort());
      // The page's other cards are new: the questions right after the reviewed run, in exam order.
      const fresh = cards.filter((c) => c.kind === 'new').map((c) => c.question_id);
      expect(fresh).toHaveLength(cards.length - dueIds.length);
      expect(fresh.length).toBeGreaterThan(0);
      expect(fresh).toEqual(ids.slice(REVIEWED, REVIEWED + fresh.length));
      // The text read back is the seeded question's, the due cards' (read by their place) included.
      for (const card of cards) {
        const n = ids.indexOf(card.question_id) + 1;
        expect(card.question.content).toContain(`What is ${n} + 1?`);
      }
    }
    // Review screen: subscriptions, memberships, exams, due index, undo pointer, ignored, places, the Query past
    // the place, statistics with the day's counts, the due cards by key. Due-today: no undo pointer, no cards.
    // The first read: the same, and the new place's write (the due cards, not placed yet, by their gsi1 copy).
    console.info('queue requests per read (first, Review page, due-today)', perPage);
    expect(perPage[0]).toMatchObject({ review: 10, dueToday: 8 });
    expect(perPage[0]!.first).toBeLessThanOrEqual(10 + 1 + 3);
    expect(perPage[1]).toEqual(perPage[0]);
    expect(perPage[2]).toEqual(perPage[0]);
  }, 600_000);

  it('places a longer history at the start of an exam over a few reads, 90 candidates at a time', async () => {
    const { exam, questions } = await seededExam(300);
    const ids = questions.map((q) => q.id);
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await Promise.all(
      ids.slice(0, 150).map((id) => writeDueStat(user.id, id, exam.id, { daysAgo: -10, stability: 12, answers: 1 })),
    );
    const ctx = signedInContextFor(user, 'bank-history');
    const input = { params: {}, query: {}, body: {} } as never;
    const frontier = async () =>
      (
        await dynamoDocument().send(
          new GetCommand({
            TableName: config.appTable,
            Key: newCardPlaceEntity.key(user.id, exam.id),
            ConsistentRead: true,
          }),
        )
      ).Item?.frontier;
    const newOf = (page: { cards: { kind: string; question_id: string }[] }) =>
      page.cards.filter((c) => c.kind === 'new').map((c) => c.question_id);
    // First read: the 90 candidates are all answered, so no new card yet; the place moves past them.
    expect(newOf(await getReviewQueue(input, ctx))).toEqual([]);
    expect(await frontier()).toBe(90);
    // Second read: 60 candidates and the sample of 30 placed ones; the rest of the history is placed.
    expect(newOf(await getReviewQueue(input, ctx))).toEqual([]);
    expect(await frontier()).toBe(150);
    // Third read: new cards from question 151 on.
    const third = newOf(await getReviewQueue(input, ctx));
    expect(third.length).toBeGreaterThan(0);
    expect(third).toEqual(ids.slice(150, 150 + third.length));
  }, 120_000);

  it('forgets the place when statistics are deleted: the question is new again', async () => {
    const { exam, questions } = await seededExam(100);
    const ids = questions.map((q) => q.id);
    const { user } = await learnerOn(exam.id, ids);
    const ctx = signedInContextFor(user, 'bank-forget');
    const input = { params: {}, query: {}, body: {} } as never;
    const placeKey = newCardPlaceEntity.key(user.id, exam.id);
    const place = () =>
      dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: placeKey, ConsistentRead: true }));
    await getReviewQueue(input, ctx);
    expect((await place()).Item?.frontier).toBe(REVIEWED);
    const gone = await user.client.delete('/api/delete-question-results-global/', { json: { question_ids: [ids[0]] } });
    expect(gone.status).toBe(200);
    expect((await place()).Item).toBeUndefined();
    const page = await getReviewQueue(input, ctx);
    expect(page.cards.find((c: { kind: string }) => c.kind === 'new')?.question_id).toBe(ids[0]);
    expect((await place()).Item?.frontier).toBe(0);
  }, 120_000);
});
