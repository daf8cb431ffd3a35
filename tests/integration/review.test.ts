import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { reviewDayEntity, reviewGradeEntity } from '../../functions/domains/learning/entities/review-grade.js';
import { reviewLogEntity } from '../../functions/domains/learning/entities/review-log.js';
import { buryReview, gradeReview, undoReview } from '../../functions/domains/exams/review.js';
import { getReviewQueue } from '../../functions/domains/studies/review-sources.js';
import { useCloudEnv } from '../support/accounts.js';
import { writeDueStat } from '../support/due-cards.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { setUserFields, storedStat } from '../support/learner-records.js';
import { publicSourceExam, subscribe } from '../support/learner-queue-fixtures.js';
import { signedInContextFor } from '../support/request-context.js';
import { okJson } from '../support/responses.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { uniqueSuffix } from '../support/unique-suffix.js';
import { userDataExport } from '../support/export-jobs.js';

const apiUrl = inject('apiUrl');
useCloudEnv();

let exam: { id: string };
let questions: { id: string }[];
const gradeId = () => `grade-${uniqueSuffix()}`;

const queue = (user: FixtureUser, query = '') => user.client.get(`/api/review-queue/${query}`).then(okJson);
const grade = (user: FixtureUser, body: Record<string, unknown>) =>
  user.client.post('/api/review-grade/', { exam_id: exam.id, ...body });

const reviewLogs = (userId: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': reviewLogEntity.skPrefix },
    ConsistentRead: true,
  });

/** A review card due yesterday after one right answer, as a graded answer writes it. */
const writeDue = (userId: string, questionId: string, examId: string) =>
  writeDueStat(userId, questionId, examId, { daysAgo: 1, stability: 3, answers: 1 });

beforeAll(async () => {
  ({ exam, questions } = await publicSourceExam('review', 40));
});

/** Items no code writes since D262, as grades before it left them. */
const learningItems = (userId: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': 'REVLEARN#' },
    ConsistentRead: true,
  });

const legacyLearningItem = (userId: string, questionId: string, due: string) => ({
  pk: userPk(userId),
  sk: `REVLEARN#${questionId}`,
  type: 'REVLEARN',
  question_id: questionId,
  exam_id: exam.id,
  due,
});

describe('review queue', () => {
  it('offers new cards up to the daily limit, with the next interval per rating', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await setUserFields(user.id, { new_cards_per_day: 5 });
    const page = await queue(user);
    expect(page.cards).toHaveLength(5);
    expect(page.counts).toEqual({ new: 5, learning: 0, learning_now: 0, due: 0 });
    expect(page.cards.every((c: any) => c.kind === 'new' && c.exam_id === exam.id)).toBe(true);
    const { again, hard, good, easy } = page.cards[0].intervals;
    expect(again).toBeLessThanOrEqual(hard);
    expect(hard).toBeLessThanOrEqual(good);
    expect(good).toBeLessThan(easy);
    expect(again).toBe(60); // the first learning step: 1 minute

    // Due cards come first; an ignored question never shows.
    await writeDue(user.id, questions[30]!.id, exam.id);
    await writeDue(user.id, questions[31]!.id, exam.id);
    await okJson(await user.client.post(`/api/question/${questions[31]!.id}/ignore/`, { exam_id: exam.id }));
    const withDue = await queue(user);
    expect(withDue.cards[0]).toMatchObject({ question_id: questions[30]!.id, kind: 'due' });
    expect(withDue.counts).toEqual({ new: 5, learning: 0, learning_now: 0, due: 1 });
    expect(withDue.cards.map((c: any) => c.question_id)).not.toContain(questions[31]!.id);
  });

  it('applies a grade once: QSTAT and REVLOG written, a replay of the same grade id changes nothing', async () => {
    const user = await fixtureUser(apiUrl);
    await subscribe(user, [exam.id]);
    const questionId = questions[0]!.id;
    const body = { grade_id: gradeId(), question_id: questionId, rating: 3, seconds: 12 };
    const first = await okJson(await grade(user, body));
    expect(first).toMatchObject({ replayed: false, question_id: questionId, state: 'learning' });
    const stat = await storedStat(user.id, questionId);
    expect(stat).toMatchObject({ total_attempts: 1, correct_attempts: 1, version: 1 });
    const logs = await reviewLogs(user.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.reviews).toEqual([[questionId, 3, 0, 0, 1, 12]]);

    const again = await okJson(await grade(user, body));
    expect(again).toMatchObject({ replayed: true, due: first.due, state: 'learning' });
    expect(await storedStat(user.id, questionId)).toEqual(stat);
    expect(await reviewLogs(user.id)).toHaveLength(1);

    // Two tabs sending the same queued grade at once: still one.
    const racing = await Promise.all([
      grade(user, { ...body, rating: 1, grade_id: 'race-grade-1' }),
      grade(user, { ...body, rating: 1, grade_id: 'race-grade-1' }),
    ]);
    expect(racing.map((r) => r.status)).toEqual([200, 200]);
    expect(await reviewLogs(user.id)).toHaveLength(2);
    expect((await storedStat(user.id, questionId))!.version).toBe(2);

    // Again keeps it in learning: back in the queue once its 1-minute step is due (not yet).
    const page = await queue(user);
    expect(page.counts.learning).toBe(1);
    expect(page.cards.map((c: any) => c.question_id)).not.toContain(questionId);
    expect(page.done_today).toEqual({ new: 1, reviews: 2 });
  });

  it('undo restores the card before the last grade, removes its log, and only once', async () => {
    const user = await fixtureUser(apiUrl);
    const questionId = questions[1]!.id;
    await okJson(await grade(user, { grade_id: gradeId(), question_id: questionId, rating: 3 }));
    const afterFirst = await storedStat(user.id, questionId);
    await okJson(await grade(user, { grade_id: gradeId(), question_id: questionId, rating: 1 }));
    expect((await storedStat(user.id, questionId))!.version).toBe(2);

    expect(await okJson(await user.client.post('/api/review-undo/'))).toEqual({
      question_id: questionId,
      exam_id: exam.id,
    });
    expect(await storedStat(user.id, questionId)).toEqual(afterFirst);
    expect(await reviewLogs(user.id)).toHaveLength(1);
    // The review calendar (heatmap, streaks) counted both grades and gave the undone one back.
    const activity = await okJson(await user.client.get('/api/review-activity/'));
    expect(activity.days).toEqual([{ day: activity.today, count: 1 }]);
    const second = await user.client.post('/api/review-undo/');
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'review_nothing_to_undo' });

    // Undo of a first grade leaves no statistic at all.
    const other = questions[2]!.id;
    await okJson(await grade(user, { grade_id: gradeId(), question_id: other, rating: 4 }));
    await okJson(await user.client.post('/api/review-undo/'));
    expect(await storedStat(user.id, other)).toBeUndefined();
  });

  it('undoes a grade made before D262 whose claim holds a REVLEARN copy; leftovers stay out of the export and go with the account', async () => {
    const user = await fixtureUser(apiUrl);
    const questionId = questions[6]!.id;
    await okJson(await grade(user, { grade_id: gradeId(), question_id: questionId, rating: 3 }));
    const afterFirst = await storedStat(user.id, questionId);
    const second = gradeId();
    await okJson(await grade(user, { grade_id: second, question_id: questionId, rating: 1 }));
    // A grade writes no REVLEARN item any more, though it left the card in learning.
    expect(await learningItems(user.id)).toEqual([]);

    // As the grade would have been stored before: a copy of the item before it, and the item after it.
    const leftover = legacyLearningItem(user.id, questionId, '2026-01-01T00:01:00.000Z');
    const other = legacyLearningItem(user.id, questions[7]!.id, '2026-01-02T00:10:00.000Z');
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: reviewGradeEntity.key(user.id, second),
        UpdateExpression: 'SET learning_before = :l',
        ExpressionAttributeValues: { ':l': { ...leftover, due: '2025-12-31T23:59:00.000Z' } },
      }),
    );
    for (const item of [leftover, other])
      await dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item: item }));

    expect(await okJson(await user.client.post('/api/review-undo/'))).toEqual({
      question_id: questionId,
      exam_id: exam.id,
    });
    expect(await storedStat(user.id, questionId)).toEqual(afterFirst);
    // The copy is ignored: nothing restored, nothing deleted.
    expect(await learningItems(user.id)).toEqual(expect.arrayContaining([leftover, other]));
    expect(await learningItems(user.id)).toHaveLength(2);

    const res = await userDataExport(user.client);
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(book.SheetNames).toEqual(expect.arrayContaining(['profile', 'qstat', 'revgrade']));
    expect(book.SheetNames).not.toContain('revlearn');
    const [header] = XLSX.utils.sheet_to_json<string[]>(book.Sheets.revgrade!, { header: 1 });
    expect(header).toContain('previous');
    expect(header).not.toContain('learning_before');

    expect((await user.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await learningItems(user.id)).toEqual([]);
  });

  it('undoes several grades by their ids, newest first, and never another user’s or out of order', async () => {
    const user = await fixtureUser(apiUrl);
    const ids = [questions[10]!.id, questions[11]!.id, questions[10]!.id];
    const grades = [gradeId(), gradeId(), gradeId()];
    const before: (Record<string, unknown> | undefined)[] = [];
    for (const [i, questionId] of ids.entries()) {
      before.push(await storedStat(user.id, questionId));
      await okJson(await grade(user, { grade_id: grades[i], question_id: questionId, rating: 3 }));
    }
    const undo = (who: FixtureUser, id: string) => who.client.post('/api/review-undo/', { grade_id: id });
    // The first grade of question 10 was followed by another of it: refused until that one is taken back.
    const early = await undo(user, grades[0]!);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'review_nothing_to_undo' });
    // Another learner cannot name my grade: their partition has no such grade.
    const stranger = await fixtureUser(apiUrl);
    expect((await undo(stranger, grades[2]!)).status).toBe(409);

    for (const i of [2, 1, 0]) {
      expect(await okJson(await undo(user, grades[i]!))).toEqual({ question_id: ids[i], exam_id: exam.id });
      expect(await storedStat(user.id, ids[i]!)).toEqual(before[i]);
    }
    expect(await reviewLogs(user.id)).toHaveLength(0);
    expect((await undo(user, grades[0]!)).status).toBe(409);
    const page = await queue(user);
    expect(page.done_today).toEqual({ new: 0, reviews: 0 });
    expect((await user.client.post('/api/review-undo/', { grade_id: 'x' })).status).toBe(400);
  });

  it('buries a card until the next day and brings it back, in one write each', async () => {
    const user = await fixtureUser(apiUrl);
    await subscribe(user, [exam.id]);
    await writeDue(user.id, questions[32]!.id, exam.id);
    const shown = await queue(user);
    expect(shown.cards[0]).toMatchObject({ question_id: questions[32]!.id, kind: 'due' });
    const bury = (buried: boolean) =>
      user.client.post('/api/review-bury/', { question_id: questions[32]!.id, buried }).then(okJson);
    const calls = countDynamoCalls();
    const answer = await buryReview(
      { params: {}, query: {}, body: { question_id: questions[32]!.id, buried: true } } as never,
      signedInContextFor(user, 'review-bury'),
    );
    expect(calls.byCommand()).toEqual({ UpdateItemCommand: 1 });
    expect(answer).toEqual({ question_id: questions[32]!.id, buried: true, day: shown.day });
    const day = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: reviewDayEntity.key(user.id, shown.day) }),
    );
    expect(day.Item!.buried).toEqual(new Set([questions[32]!.id]));
    const hidden = await queue(user);
    expect(hidden.cards.map((c: any) => c.question_id)).not.toContain(questions[32]!.id);
    expect(hidden.counts.due).toBe(shown.counts.due - 1);
    // Twice is the same; a new card buried leaves the page, and the next new card takes its place (the limit is not used up).
    await bury(true);
    const fresh = hidden.cards[0].question_id;
    await okJson(await user.client.post('/api/review-bury/', { question_id: fresh, buried: true }));
    const fewer = await queue(user);
    expect(fewer.cards.map((c: any) => c.question_id)).not.toContain(fresh);
    expect(fewer.counts).toEqual(hidden.counts);

    await bury(false);
    const back = await queue(user);
    expect(back.cards[0]).toMatchObject({ question_id: questions[32]!.id, kind: 'due' });
    // Bad input is a 400, never a write.
    for (const body of [{ question_id: '', buried: true }, { question_id: questions[0]!.id }, {}]) {
      expect((await user.client.post('/api/review-bury/', body)).status).toBe(400);
    }
  });

  it('refuses a question outside the exam, a bad rating and a bad grade id with 4xx codes', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const missing = await grade(user, { grade_id: gradeId(), question_id: 'nope-1', rating: 3 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      code: 'review_question_not_found',
      detail: expect.stringMatching(/\S/),
    });
    for (const bad of [{ rating: 0 }, { rating: 5 }, { rating: 2.5 }, { grade_id: 'x' }]) {
      const res = await grade(user, { grade_id: gradeId(), question_id: questions[0]!.id, rating: 3, ...bad });
      expect(res.status).toBe(400);
    }
  });

  it('marks a question failed 8 times as a leech and lists it', async () => {
    const user = await fixtureUser(apiUrl);
    const questionId = questions[3]!.id;
    for (let i = 0; i < 8; i++) {
      const answer = await okJson(await grade(user, { grade_id: gradeId(), question_id: questionId, rating: 1 }));
      expect(answer.leech).toBe(i === 7);
    }
    const stat = await storedStat(user.id, questionId);
    expect(stat).toMatchObject({ leech: true, gsi2pk: `${userPk(user.id)}#LEECH` });
    const { leeches } = await okJson(await user.client.get('/api/review-leeches/'));
    expect(leeches).toEqual([{ question_id: questionId, exam_id: exam.id, title: expect.any(String), failures: 8 }]);
    expect(leeches[0].title).not.toBe('');
    // Ignored: dealt with, off the list.
    await okJson(await user.client.post(`/api/question/${questionId}/ignore/`, { exam_id: exam.id }));
    expect((await okJson(await user.client.get('/api/review-leeches/'))).leeches).toEqual([]);
  });
});

describe('review settings', () => {
  it('validates desired retention, new cards and reviews a day, and the queue uses them', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    for (const body of [
      { desired_retention: 0.79 },
      { desired_retention: 0.98 },
      { new_cards_per_day: -1 },
      { new_cards_per_day: 501 },
      { new_cards_per_day: 2.5 },
      { max_reviews_per_day: 10_000 },
    ]) {
      const res = await user.client.patch('/api/user-profile/update/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: expect.any(String), detail: expect.stringMatching(/\S/) });
    }
    const profile = await okJson(
      await user.client.patch('/api/user-profile/update/', {
        desired_retention: 0.85,
        new_cards_per_day: 2,
        max_reviews_per_day: 0,
      }),
    );
    expect(profile).toMatchObject({ desired_retention: 0.85, new_cards_per_day: 2, max_reviews_per_day: 0 });
    await subscribe(user, [exam.id]);
    await writeDue(user.id, questions[10]!.id, exam.id);
    const page = await queue(user);
    expect(page.settings).toEqual({ desired_retention: 0.85, new_cards_per_day: 2, max_reviews_per_day: 0 });
    // No reviews allowed today: the due card waits; two new cards.
    expect(page.counts).toEqual({ new: 2, learning: 0, learning_now: 0, due: 0 });

    // A lower retention schedules a Good further out than the default 0.9.
    const lower = page.cards[0].intervals.good;
    await okJson(await user.client.patch('/api/user-profile/update/', { desired_retention: 0.97 }));
    const higher = (await queue(user)).cards[0];
    expect(higher.question_id).toBe(page.cards[0].question_id);
    expect(higher.intervals.good).toBeLessThanOrEqual(lower);
  });
});

describe('review queue request budget', () => {
  const calls = countDynamoCalls();
  it('reads the same number of times with 2 due cards and with 35', async () => {
    const counts: number[] = [];
    for (const due of [2, 35]) {
      const user = await fixtureUser(apiUrl);
      await subscribe(user, [exam.id]);
      for (let i = 0; i < due; i++) await writeDue(user.id, questions[i]!.id, exam.id);
      // The first read of an exam places the learner in it (D308): measured is every read after.
      await queue(user);
      calls.reset();
      const page = await getReviewQueue(
        { params: {}, query: {}, body: {} } as never,
        signedInContextFor(user, 'review-budget'),
      );
      expect(page.counts.due).toBe(due);
      counts.push(calls.count());
    }
    expect(counts[0]).toBe(counts[1]);
    // due index (learning cards included, D185), undo pointer, ignored, memberships, subscriptions,
    // exam items, the learner's places, the exam's questions past the place, the statistics of the
    // candidates with the day's counts, the page's due cards by key.
    expect(counts[0]).toBeLessThanOrEqual(10);
  });

  it('grades in 4 requests and undoes in 3 (2 by grade id), a first answer or a card in its learning steps', async () => {
    const user = await fixtureUser(apiUrl);
    const questionId = questions[5]!.id;
    const counts: Record<string, number>[] = [];
    for (const rating of [3, 1]) {
      calls.reset();
      const body = { grade_id: gradeId(), question_id: questionId, exam_id: exam.id, rating };
      const answer = await gradeReview(
        { params: {}, query: {}, body } as never,
        signedInContextFor(user, 'review-budget'),
      );
      expect(answer.state).toBe('learning');
      counts.push(calls.byCommand());
    }
    // Exam item, the question in the exam (gsi1), the statistic (consistent), the transaction (D262).
    const perGrade = { BatchGetItemCommand: 1, QueryCommand: 1, GetItemCommand: 1, TransactWriteItemsCommand: 1 };
    expect(counts).toEqual([perGrade, perGrade]);
    calls.reset();
    await undoReview({ params: {}, query: {}, body: {} } as never, signedInContextFor(user, 'review-budget'));
    // The undo pointer, the grade, the transaction.
    expect(calls.byCommand()).toEqual({ GetItemCommand: 2, TransactWriteItemsCommand: 1 });
    // A grade named by the client (several levels, D304): no pointer to read.
    const named = gradeId();
    await gradeReview(
      {
        params: {},
        query: {},
        body: { grade_id: named, question_id: questionId, exam_id: exam.id, rating: 4 },
      } as never,
      signedInContextFor(user, 'review-budget'),
    );
    calls.reset();
    await undoReview(
      { params: {}, query: {}, body: { grade_id: named } } as never,
      signedInContextFor(user, 'review-budget'),
    );
    expect(calls.byCommand()).toEqual({ GetItemCommand: 1, TransactWriteItemsCommand: 1 });
  });
});
