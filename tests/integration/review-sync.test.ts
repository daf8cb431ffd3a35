import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REVIEW_SYNC_MAX_RECORDS, type OfflineGrade } from '#shared/contracts/review-sync.js';
import { learnerDay } from '#shared/domain/learner-day.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { syncReviews } from '../../functions/domains/exams/review-sync.js';
import { reviewDayEntity } from '../../functions/domains/learning/entities/review-grade.js';
import { reviewLogEntity } from '../../functions/domains/learning/entities/review-log.js';
import { reviewCalendarEntity } from '../../functions/domains/learning/entities/review-calendar.js';
import { schedulerFor } from '../../functions/domains/learning/fsrs.js';
import { replayCard } from '../../functions/domains/learning/review-merge.js';
import { useCloudEnv } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { storedStat } from '../support/learner-records.js';
import { examQuestions, publicSourceExam } from '../support/learner-queue-fixtures.js';
import { signedInContextFor } from '../support/request-context.js';
import { okJson } from '../support/responses.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
useCloudEnv();

let exam: { id: string };
let questions: { id: string }[];

beforeAll(async () => {
  ({ exam, questions } = await publicSourceExam('sync', 110));
});

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();

const record = (questionId: string, rating: number, gradedAt: string, examId = exam.id): OfflineGrade => ({
  grade_id: `g${uniqueSuffix()}`.replace(/[^A-Za-z0-9_-]/g, ''),
  question_id: questionId,
  exam_id: examId,
  rating,
  graded_at: gradedAt,
  seconds: 5,
});

const sync = (user: FixtureUser, records: OfflineGrade[]) => user.client.post('/api/review-sync/', { records });

const reviewLogs = (userId: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': reviewLogEntity.skPrefix },
    ConsistentRead: true,
  });

const getItem = async (key: { pk: string; sk: string }) =>
  (await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: key, ConsistentRead: true }))).Item;

/** The card one device reviewing `records` in time order would have, with the server's FSRS step. */
const oneDevice = (records: OfflineGrade[], questionId: string) =>
  replayCard(
    undefined,
    records.filter((r) => r.question_id === questionId).map((r) => ({ ...r, at: r.graded_at })),
    schedulerFor({}).review,
  ).at(-1)!.after;

describe('POST /api/review-sync/ authorization', () => {
  it('refuses signed-out callers, and cards of an exam the caller cannot read', async () => {
    const owner = await fixtureUser(apiUrl);
    const other = await fixtureUser(apiUrl);
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    const file = await uploadBank(owner, `sync-private-${uniqueSuffix()}.xlsx`, 3, false);
    const privateExam = await createExam(owner, {
      title: `sync ${uniqueSuffix()}`,
      question_count: 3,
      file_id: file.id,
    });
    const [q] = await examQuestions(owner, privateExam.id);
    const body = () => [record(q!.id, 3, hoursAgo(2), privateExam.id)];

    expect((await (await anonymousClient(apiUrl)).post('/api/review-sync/', { records: body() })).status).toBe(401);

    const own = await okJson(await sync(owner, body()));
    expect(own.results[0]).toMatchObject({ status: 'applied' });
    const ownerStat = await storedStat(owner.id, q!.id);
    expect(ownerStat).toMatchObject({ total_attempts: 1, version: 1 });

    // Another user naming the owner's private question: refused, nothing written in either partition.
    const foreign = body();
    const refused = await okJson(await sync(other, foreign));
    expect(refused.results).toEqual([
      { grade_id: foreign[0]!.grade_id, status: 'refused', code: 'review_question_not_found' },
    ]);
    expect(refused.cards).toEqual([]);
    expect(await storedStat(other.id, q!.id)).toBeUndefined();
    expect(await reviewLogs(other.id)).toEqual([]);

    // A question not in the exam, an unknown exam: refused with the same code.
    const odd = await okJson(
      await sync(other, [record(q!.id, 3, hoursAgo(1)), record('nope', 3, hoursAgo(1), 'not-an-exam')]),
    );
    expect(odd.results.map((r: { status: string; code: string }) => [r.status, r.code])).toEqual([
      ['refused', 'review_question_not_found'],
      ['refused', 'review_question_not_found'],
    ]);

    // An admin reads the private exam, so the grade is theirs, in their own cards: the owner's card is untouched.
    const byAdmin = await okJson(await sync(admin, [record(q!.id, 1, hoursAgo(1), privateExam.id)]));
    expect(byAdmin.results[0].status).toBe('applied');
    expect(await storedStat(admin.id, q!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 0 });
    expect(await storedStat(owner.id, q!.id)).toEqual(ownerStat);
  });

  it('bounds the batch: none or more than the limit is a 400 with a stable code', async () => {
    const user = await fixtureUser(apiUrl);
    const many = Array.from({ length: REVIEW_SYNC_MAX_RECORDS + 1 }, (_, i) =>
      record(questions[i % questions.length]!.id, 3, hoursAgo(1)),
    );
    for (const records of [many, []]) {
      const res = await sync(user, records);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await reviewLogs(user.id)).toEqual([]);
  });
});

describe('POST /api/review-sync/ merge', () => {
  it('applies a batch once: sent again, nothing changes and every grade is counted once', async () => {
    const user = await fixtureUser(apiUrl);
    const records = [0, 1, 2, 0, 1].map((i, n) => record(questions[i]!.id, 1 + (n % 4), hoursAgo(10 - n)));
    const first = await okJson(await sync(user, records));
    expect(first.results.map((r: { status: string }) => r.status)).toEqual(Array(5).fill('applied'));
    expect(first.cards.map((c: { question_id: string }) => c.question_id)).toEqual(
      [0, 1, 2].map((i) => questions[i]!.id),
    );
    const stats = await Promise.all([0, 1, 2].map((i) => storedStat(user.id, questions[i]!.id)));
    expect(stats.map((s) => s!.total_attempts)).toEqual([2, 2, 1]);
    for (const i of [0, 1, 2]) expect(stats[i]!.fsrs).toEqual(oneDevice(records, questions[i]!.id));

    const again = await okJson(await sync(user, records));
    expect(again.results.map((r: { status: string }) => r.status)).toEqual(Array(5).fill('replayed'));
    expect(again.cards).toEqual(first.cards);
    for (const i of [0, 1, 2]) expect(await storedStat(user.id, questions[i]!.id)).toEqual(stats[i]);
    expect(await reviewLogs(user.id)).toHaveLength(5);

    const days = new Map<string, number>();
    for (const r of records) {
      const day = learnerDay(new Date(r.graded_at), { timeZone: 'Asia/Seoul', rolloverHour: 4 });
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    for (const [day, n] of days) {
      expect(await getItem(reviewDayEntity.key(user.id, day))).toMatchObject({ graded_count: n });
      const calendar = await getItem(reviewCalendarEntity.key(user.id, day.slice(0, 4)));
      expect(calendar?.[reviewCalendarEntity.attribute(day)]).toBe(n);
    }
  });

  it('answers a grade id the Review screen applied already as replayed, and a repeated id in a batch once', async () => {
    const user = await fixtureUser(apiUrl);
    const online = record(questions[5]!.id, 3, hoursAgo(1));
    await okJson(await user.client.post('/api/review-grade/', online));
    const stat = await storedStat(user.id, questions[5]!.id);
    const twice = record(questions[6]!.id, 3, hoursAgo(2));
    const answer = await okJson(await sync(user, [online, twice, { ...twice, rating: 1 }]));
    expect(answer.results.map((r: { status: string }) => r.status)).toEqual(['replayed', 'applied', 'replayed']);
    expect(await storedStat(user.id, questions[5]!.id)).toEqual(stat);
    expect(await storedStat(user.id, questions[6]!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
  });

  it('converges: two devices’ batches in either order give the state of one device in time order', async () => {
    const [a, b] = [await fixtureUser(apiUrl), await fixtureUser(apiUrl)];
    const cards = [10, 11, 12].map((i) => questions[i]!.id);
    // Device 1 reviews at even hours, device 2 at odd hours, over the last two days.
    const device1 = [40, 30, 20, 8].flatMap((h, n) => [record(cards[n % 3]!, 1 + (n % 4), hoursAgo(h))]);
    const device2 = [39, 25, 21, 7, 3].flatMap((h, n) => [record(cards[(n + 1) % 3]!, 4 - (n % 4), hoursAgo(h))]);
    await okJson(await sync(a, device1));
    await okJson(await sync(a, device2));
    await okJson(await sync(b, device2));
    await okJson(await sync(b, device1));
    const all = [...device1, ...device2];
    for (const id of cards) {
      const [sa, sb] = [await storedStat(a.id, id), await storedStat(b.id, id)];
      expect(sa!.fsrs).toEqual(sb!.fsrs);
      expect(sa!.fsrs).toEqual(oneDevice(all, id));
      expect(sa!.total_attempts).toBe(all.filter((r) => r.question_id === id).length);
    }
    expect(await reviewLogs(a.id)).toHaveLength(all.length);
    expect(await reviewLogs(b.id)).toHaveLength(all.length);
  });

  it('rewinds past a Review-screen grade made since, and merges two devices sending at once', async () => {
    const user = await fixtureUser(apiUrl);
    const id = questions[30]!.id;
    const online = record(id, 3, hoursAgo(1));
    await okJson(await user.client.post('/api/review-grade/', online));
    const offline = [record(id, 1, hoursAgo(20)), record(id, 3, hoursAgo(6))];
    expect((await okJson(await sync(user, offline))).results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    expect((await storedStat(user.id, id))!.fsrs).toEqual(oneDevice([...offline, online], id));

    const other = questions[31]!.id;
    const device1 = [30, 12, 4].map((h) => record(other, 3, hoursAgo(h)));
    const device2 = [25, 10, 2].map((h, n) => record(other, 1 + n, hoursAgo(h)));
    const answers = await Promise.all([sync(user, device1), sync(user, device2)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stat = await storedStat(user.id, other);
    expect(stat!.fsrs).toEqual(oneDevice([...device1, ...device2], other));
    expect(stat).toMatchObject({ total_attempts: 6 });
  });

  it('takes a card graded more often than one transaction holds in several passes, to the same state', async () => {
    const user = await fixtureUser(apiUrl);
    const id = questions[40]!.id;
    const many = Array.from({ length: 45 }, (_, n) => record(id, 1 + (n % 4), hoursAgo(90 - 2 * n)));
    const answer = await okJson(await sync(user, [...many].reverse()));
    expect(answer.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    expect(await storedStat(user.id, id)).toMatchObject({ total_attempts: 45, fsrs: oneDevice(many, id) });
    expect(await reviewLogs(user.id)).toHaveLength(45);
  });

  it('keeps a grade time within the last 30 days and never in the future', async () => {
    const user = await fixtureUser(apiUrl);
    const before = Date.now();
    await okJson(
      await sync(user, [
        record(questions[20]!.id, 3, '2001-01-01T00:00:00.000Z'),
        record(questions[21]!.id, 3, '2999-01-01T00:00:00.000Z'),
      ]),
    );
    const times = (await reviewLogs(user.id)).map((item) => Date.parse(String(item.answered_at))).sort();
    expect(times[0]).toBeGreaterThanOrEqual(before - 30 * 24 * HOUR);
    expect(times[0]).toBeLessThan(before - 29 * 24 * HOUR);
    expect(times[1]).toBeGreaterThanOrEqual(before);
    expect(times[1]).toBeLessThanOrEqual(Date.now());
  });
});

describe('POST /api/review-sync/ DynamoDB requests', () => {
  const calls = countDynamoCalls();

  const measure = async (user: FixtureUser, records: OfflineGrade[]) => {
    calls.reset();
    const answer = await syncReviews({ params: {}, query: {}, body: { records } }, signedInContextFor(user));
    expect(answer.results.every((r) => r.status === 'applied')).toBe(true);
    return calls.count();
  };

  it('costs a constant per record, in order and out of order', async () => {
    const user = await fixtureUser(apiUrl);
    const ten = await measure(
      user,
      questions.slice(0, 10).map((q) => record(q.id, 3, hoursAgo(5))),
    );
    const hundred = await measure(
      user,
      questions.slice(10, 110).map((q) => record(q.id, 3, hoursAgo(5))),
    );
    // Older grades of cards graded since: one Query of the log and one BatchGetItem of snapshots more.
    const rewound = await measure(
      user,
      questions.slice(10, 110).map((q) => record(q.id, 1, hoursAgo(8))),
    );
    console.info('review-sync requests', { ten, hundred, rewound });
    // Per record: the question-in-exam Query; per 100 keys a BatchGetItem; per transaction ≤ 100 items.
    expect(ten).toBeLessThanOrEqual(10 + 4);
    expect(hundred).toBeLessThanOrEqual(100 + 9);
    expect(rewound).toBeLessThanOrEqual(100 + 11);
    expect(hundred / 100).toBeLessThanOrEqual((ten / 10) * 1.1);
  });
});
