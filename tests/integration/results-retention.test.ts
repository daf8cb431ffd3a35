import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { countersEntity } from '../../functions/domains/users/entities/counters.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { handler as retentionJob } from '../../functions/jobs/retention-cleanup.js';
import { startReset } from '../../functions/domains/results/reset.js';
import { cleanupShard } from '../../functions/domains/results/retention-cleanup.js';
import { readJobCursor } from '../../functions/runtime/data/job-cursor.js';
import { createLogger } from '../../functions/runtime/log.js';
import { createExam, uploadSheet } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { GRADING_ROWS, KO_HEADER } from '../support/sheets.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

/**
 * Statistics reset (L14) and retention cleanup (L22): the manual routes, the daily job and the
 * sparse SCHEDULED key of the USER item (docs/decisions/results-and-grading.md D221–D223).
 */
const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
const json = async <T = Json>(res: Response) => (await res.json()) as T;

interface Bank {
  exams: string[];
  /** Question ids in csv order (the same pool questions in every exam of the bank). */
  q: string[];
}

/** One uploaded bank and `examCount` exams holding all of its questions. */
async function bank(user: FixtureUser, examCount: number): Promise<Bank> {
  const file = await uploadSheet(user, `retention-${uniqueSuffix()}.xlsx`, [KO_HEADER, ...GRADING_ROWS], false);
  const exams: string[] = [];
  for (let i = 0; i < examCount; i++) {
    exams.push(
      (
        await createExam(user, {
          title: `retention ${uniqueSuffix()}`,
          question_count: GRADING_ROWS.length,
          file_id: file.id,
          is_public: false,
        })
      ).id,
    );
  }
  const questions = await json<Json[]>(await user.client.get(`/api/exam/${exams[0]}/questions/`));
  questions.sort((a, b) => Number(a.csv_id) - Number(b.csv_id));
  return { exams, q: questions.map((x) => String(x.id)) };
}

async function submit(user: FixtureUser, examId: string, answers: [string, string][]): Promise<string> {
  const res = await user.client.post('/api/submit-exam/', {
    exam_id: examId,
    submission_id: randomUUID(),
    answers: answers.map(([question_id, answer]) => ({ question_id, answer })),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).result_id as string;
}

async function partition(userId: string, prefix: string): Promise<Json[]> {
  const { Items } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.appTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':s': prefix },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as Json[];
}

async function item(key: { pk: string; sk: string }): Promise<Json | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.appTable, Key: key, ConsistentRead: true }),
  );
  return Item;
}

async function statsOf(user: FixtureUser, examId: string): Promise<Map<string, Json>> {
  const res = await user.client.get(`/api/exam/${examId}/question-statistics/`);
  expect(res.status).toBe(200);
  return new Map(((await res.json()) as Json[]).map((s) => [s.question_id, s]));
}

const resultIds = async (user: FixtureUser) => {
  const body = await json(await user.client.get('/api/exam-results/?page_size=100'));
  return { count: body.count as number, ids: (body.results as Json[]).map((r) => r.id as string) };
};

const reset = (user: FixtureUser, body: Json = {}) => user.client.post('/api/user-statistics/reset/', body);
const cleanNow = (user: FixtureUser, body: Json = {}) => user.client.post('/api/retention-cleanup/manual/', body);

/** A user with two results (one wrong answer each), a favorite and an ignored question. */
async function learner(): Promise<{ user: FixtureUser; bank: Bank; results: string[] }> {
  const user = await fixtureUser(apiUrl);
  const b = await bank(user, 1);
  const results = [
    await submit(user, b.exams[0]!, [
      [b.q[0]!, 'pod answer'],
      [b.q[1]!, 'wrong'],
    ]),
    await submit(user, b.exams[0]!, [
      [b.q[0]!, 'nope'],
      [b.q[3]!, 'answer four'],
    ]),
  ];
  expect(
    (await user.client.post('/api/add-question-to-favorite/', { question_id: b.q[2], exam_id: b.exams[0] })).status,
  ).toBe(200);
  expect((await user.client.post(`/api/question/${b.q[4]}/ignore/`, { exam_id: b.exams[0] })).status).toBe(200);
  return { user, bank: b, results };
}

/** Nothing of the user's learning history is left; everything else is. */
async function expectFreshStart(user: FixtureUser, b: Bank) {
  expect(await resultIds(user)).toEqual({ count: 0, ids: [] });
  const summary = await json(await user.client.get('/api/exam-results/summary/'));
  expect(summary).toMatchObject({ count: 0, results: [] });
  expect((await statsOf(user, b.exams[0]!)).size).toBe(0);
  for (const prefix of ['RESULT#', 'RESULTDETAIL#', 'RESULTJOB#', 'EXAMSUM#', 'QSTAT#'])
    expect(await partition(user.id, prefix), prefix).toEqual([]);
  const counters = await item(countersEntity.key(user.id));
  expect(counters).toMatchObject({ result_count: 0, exam_count: 0 });
  expect(counters?.stats_reset_cutoff).toBeUndefined();
  expect(counters?.gsi2pk).toBeUndefined();
  // Kept: favorites, ignored questions, the exam itself.
  const favorites = await json(await user.client.get('/api/favorite-exam-questions/'));
  expect(JSON.stringify(favorites)).toContain(b.q[2]);
  expect(await partition(user.id, 'IGNORED#')).toHaveLength(1);
  expect((await user.client.get(`/api/exam/${b.exams[0]}/`)).status).toBe(200);
}

describe('statistics reset', () => {
  it('gives the caller a fresh start: no results, summaries or statistics; wrong-only exams find nothing; favorites stay', async () => {
    const { user, bank: b } = await learner();
    expect((await statsOf(user, b.exams[0]!)).get(b.q[0]!)).toMatchObject({ total_attempts: 2, correct_attempts: 1 });
    const before = await createExam(user, {
      title: `wrong before ${uniqueSuffix()}`,
      random_option: 'wrong_only',
      question_count: 5,
      is_public: false,
    });
    expect(before.question_count).toBeGreaterThan(0);

    const res = await reset(user, { user_id: user.id });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({
      success: true,
      completed: true,
      message: '학습 통계를 초기화했습니다.',
      deleted_count: expect.any(Number),
    });
    await expectFreshStart(user, b);
    const after = await createExam(user, {
      title: `wrong after ${uniqueSuffix()}`,
      random_option: 'wrong_only',
      question_count: 5,
      is_public: false,
    });
    expect(after.question_count).toBe(0);

    // A fresh start really is one: the next submit counts from zero.
    await submit(user, b.exams[0]!, [[b.q[0]!, 'pod answer']]);
    expect((await statsOf(user, b.exams[0]!)).get(b.q[0]!)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    expect((await resultIds(user)).count).toBe(1);
    // user_id may be left out (the caller).
    expect((await reset(user)).status).toBe(200);
    expect((await resultIds(user)).count).toBe(0);
  });

  it("is the caller's own: another user gets 403, a site admin may reset anyone, anonymous callers 401", async () => {
    const { user, bank: b } = await learner();
    const other = await fixtureUser(apiUrl);
    const refused = await reset(other, { user_id: user.id });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: 'statistics_reset_forbidden' });
    expect((await resultIds(user)).count).toBe(2);

    const anonymous = await anonymousClient(apiUrl);
    const anon = await anonymous.post('/api/user-statistics/reset/', { user_id: user.id });
    expect(anon.status).toBe(401);

    const admin = await fixtureUser(apiUrl, { role: 'admin_role', language: 'en' });
    const missing = await reset(admin, { user_id: 'u-does-not-exist' });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ code: 'statistics_user_not_found' });
    const done = await reset(admin, { user_id: user.id });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await json(done)).toMatchObject({ success: true, message: 'The learning statistics were reset.' });
    await expectFreshStart(user, b);
  });

  it('an unfinished reset keeps its cutoff on COUNTERS and the job finishes it; later data survives', async () => {
    const { user, bank: b } = await learner();
    await startReset(user.id, new Date(Date.now() - 1)); // as if a request ran out of time right away
    const counters = await item(countersEntity.key(user.id));
    expect(counters).toMatchObject({ stats_reset_cutoff: expect.any(String), gsi2sk: `${user.id}#RESET` });
    await new Promise((r) => setTimeout(r, 5));
    // A question first answered after the cutoff (one answered before keeps its pre-reset counts
    // until the reset's QSTAT phase has passed it: docs/decisions/results-and-grading.md D221).
    const kept = await submit(user, b.exams[0]!, [[b.q[2]!, '예']]);

    const outcome = await retentionJob();
    expect(outcome).toMatchObject({ job: 'retention-cleanup', users: expect.any(Number), deleted: expect.any(Number) });
    expect(await resultIds(user)).toEqual({ count: 1, ids: [kept] });
    const stats = await statsOf(user, b.exams[0]!);
    expect([...stats.keys()]).toEqual([b.q[2]]);
    expect(stats.get(b.q[2]!)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    const after = await item(countersEntity.key(user.id));
    expect(after).toMatchObject({ result_count: 1 });
    expect(after?.stats_reset_cutoff).toBeUndefined();
    expect(after?.gsi2pk).toBeUndefined();
  });
});

describe('retention cleanup', () => {
  let user: FixtureUser;
  let b: Bank;
  let results: string[];
  beforeAll(async () => {
    user = await fixtureUser(apiUrl, { language: 'en' });
    b = await bank(user, 2);
    const [A, B] = b.exams as [string, string];
    const q = b.q;
    results = [
      await submit(user, A, [
        [q[0]!, 'pod answer'],
        [q[1]!, 'wrong'],
      ]),
      await submit(user, B, [
        [q[0]!, 'pod answer'],
        [q[3]!, 'answer four'],
      ]),
      await submit(user, A, [
        [q[0]!, 'nope'],
        [q[1]!, 'A, C'],
      ]),
      await submit(user, B, [[q[0]!, 'nope']]),
    ];
  });

  it('p = 50 with 4 results removes the 2 oldest with their details and contributions; counts and summaries stay right', async () => {
    const q = b.q;
    const before = await statsOf(user, b.exams[0]!);
    expect(before.get(q[0]!)).toMatchObject({ total_attempts: 4, correct_attempts: 2 });
    expect(before.get(q[1]!)).toMatchObject({ total_attempts: 2, correct_attempts: 1 });
    expect(before.get(q[3]!)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });

    const res = await cleanNow(user, { percentage: 50 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      message: 'Cleaned up 2 old exam records.',
      deleted_count: 2,
      completed: true,
    });

    const list = await resultIds(user);
    expect(list.count).toBe(2);
    expect(new Set(list.ids)).toEqual(new Set([results[2], results[3]]));
    for (const gone of results.slice(0, 2)) {
      expect((await user.client.get(`/api/exam-result/${gone}/`)).status).toBe(404);
      expect(await partition(user.id, `RESULTDETAIL#${gone}#`)).toEqual([]);
    }
    const summary = await json(await user.client.get('/api/exam-results/summary/'));
    expect(summary.count).toBe(2);
    const byExam = new Map((summary.results as Json[]).map((s) => [s.exam_id, s]));
    expect(byExam.get(b.exams[0])).toMatchObject({ result_count: 1, latest_result_id: results[2] });
    expect(byExam.get(b.exams[1])).toMatchObject({ result_count: 1, latest_result_id: results[3] });
    expect(await item(countersEntity.key(user.id))).toMatchObject({ result_count: 2, exam_count: 2 });

    const after = await statsOf(user, b.exams[0]!);
    expect(after.get(q[0]!)).toMatchObject({ total_attempts: 2, correct_attempts: 0 });
    expect(after.get(q[1]!)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    // No attempt left: the statistic is gone.
    expect(after.has(q[3]!)).toBe(false);
  });

  it('p = 0 removes nothing; without a percentage the saved setting applies; anonymous callers get 401', async () => {
    expect(await json(await cleanNow(user, { percentage: 0 }))).toMatchObject({ success: true, deleted_count: 0 });
    expect(await json(await cleanNow(user))).toMatchObject({ deleted_count: 0 }); // saved default 0 %
    expect((await resultIds(user)).count).toBe(2);
    const bad = await cleanNow(user, { percentage: 101 });
    expect(bad.status).toBe(400);
    const anonymous = await anonymousClient(apiUrl);
    expect((await anonymous.post('/api/retention-cleanup/manual/', { percentage: 50 })).status).toBe(401);
  });
});

describe('retention-cleanup job and the SCHEDULED key', () => {
  it('the key follows the setting; the job cleans an enabled user and skips a disabled one', async () => {
    const enabled = await fixtureUser(apiUrl);
    const disabled = await fixtureUser(apiUrl);
    const setting = (user: FixtureUser, on: boolean) =>
      user.client.patch('/api/user-profile/', { retention_cleanup_enabled: on, retention_cleanup_percentage: 50 });

    for (const user of [enabled, disabled]) {
      const b = await bank(user, 1);
      await submit(user, b.exams[0]!, [[b.q[0]!, 'pod answer']]);
      await submit(user, b.exams[0]!, [[b.q[0]!, 'nope']]);
    }
    expect((await setting(enabled, true)).status).toBe(200);
    expect((await setting(disabled, false)).status).toBe(200);
    const enabledUser = await item(userEntity.key(enabled.id));
    expect(enabledUser).toMatchObject(userEntity.scheduledIndex(enabled.id));
    expect(enabledUser!.gsi2pk).toMatch(/^SCHEDULED#([0-9]|1[0-5])$/);
    expect((await item(userEntity.key(disabled.id)))?.gsi2pk).toBeUndefined();
    // The profile answer does not leak the index key.
    expect(JSON.stringify(await json(await enabled.client.get('/api/user-profile/')))).not.toContain('SCHEDULED');

    const outcome = await retentionJob();
    expect(outcome.job).toBe('retention-cleanup');
    expect(outcome.users).toBeGreaterThanOrEqual(1);
    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    expect((await resultIds(enabled)).count).toBe(1);
    expect((await resultIds(disabled)).count).toBe(2);

    // Off again: the key goes; a percentage change alone keeps it as it is.
    expect((await setting(enabled, false)).status).toBe(200);
    expect((await item(userEntity.key(enabled.id)))?.gsi2pk).toBeUndefined();
    expect((await setting(enabled, true)).status).toBe(200);
    expect((await enabled.client.patch('/api/user-profile/', { retention_cleanup_percentage: 20 })).status).toBe(200);
    expect(await item(userEntity.key(enabled.id))).toMatchObject({
      ...userEntity.scheduledIndex(enabled.id),
      retention_cleanup_percentage: 20,
    });
  });

  it('a shard walk keeps its cursor between runs: each run goes on from where the last stopped, then starts over', async () => {
    // A shard number no user hashes to, so the walk sees only these 25 entries.
    const shard = 90 + Math.floor(Math.random() * 9);
    const ids = Array.from({ length: 25 }, () => randomUUID());
    for (let i = 0; i < ids.length; i += 25)
      await dynamoDocument().send(
        new BatchWriteCommand({
          RequestItems: {
            [config.appTable]: ids.slice(i, i + 25).map((id) => ({
              PutRequest: {
                Item: {
                  ...userEntity.key(id),
                  id,
                  username: `walk-${id}`,
                  retention_cleanup_enabled: true,
                  retention_cleanup_percentage: 50,
                  gsi2pk: `SCHEDULED#${shard}`,
                  gsi2sk: id,
                },
              },
            })),
          },
        }),
      );
    const log = createLogger({ job: 'retention-cleanup-test' });
    const walk = `test-${randomUUID()}`;
    const run = () => cleanupShard(shard, Date.now() + 60_000, log, { pageSize: 10, maxPages: 1, walk });
    expect(await readJobCursor('retention-cleanup', `${walk}#${shard}`)).toBeUndefined();
    expect(await run()).toMatchObject({ users: 10, done: false });
    const first = await readJobCursor('retention-cleanup', `${walk}#${shard}`);
    expect(first).toMatchObject({ gsi2pk: `SCHEDULED#${shard}` });
    expect(await run()).toMatchObject({ users: 10, done: false });
    const second = await readJobCursor('retention-cleanup', `${walk}#${shard}`);
    expect(String(second?.gsi2sk) > String(first?.gsi2sk)).toBe(true);
    // The third run finishes the shard: 25 entries in all, none visited twice; the cursor is gone.
    expect(await run()).toMatchObject({ users: 5, done: true });
    expect(await readJobCursor('retention-cleanup', `${walk}#${shard}`)).toBeUndefined();
    expect(await run()).toMatchObject({ users: 10, done: false });
  });
});
