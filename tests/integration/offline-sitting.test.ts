import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { examQuestions } from '../support/learner-queue-fixtures.js';

/**
 * A sitting taken offline reaches the normal submit route with its submission id and `answered_at`
 * (D436): sent twice it is one sitting, counted once in every table, recorded at the time it was
 * taken; another learner's private exam is refused; two devices' sittings are two sittings.
 */
const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
type Question = { id: string; answer: string };
const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Json;
};

const items = (userId: string, prefix: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
    ConsistentRead: true,
  });

/** What a sitting counts in, read back from the table. */
async function counted(user: FixtureUser) {
  const [results, stats, logs, calendar, counters, summaries] = await Promise.all(
    ['RESULT#', 'QSTAT#', 'REVLOG#', 'REVCAL#', 'COUNTERS', 'EXAMSUM#'].map((prefix) => items(user.id, prefix)),
  );
  const days = calendar!.flatMap((year) =>
    Object.entries(year)
      .filter(([name]) => /^d\d\d-\d\d$/.test(name))
      .map(([, value]) => Number(value)),
  );
  return {
    results: results!.map((r) => ({
      completed_at: r.completed_at,
      answered: r.answered_count,
      correct: r.correct_count,
    })),
    attempts: stats!.map((s) => Number(s.total_attempts)).sort(),
    lastAnswered: [...new Set(stats!.map((s) => s.last_answered_at as string))],
    logged: logs!.map((l) => ({ at: l.answered_at, reviews: (l.reviews as unknown[]).length })),
    reviewsOnDays: days.reduce((a, b) => a + b, 0),
    resultCount: Number(counters![0]?.result_count ?? 0),
    summaryResults: summaries!.map((s) => Number(s.result_count)),
    latest: summaries!.map((s) => s.latest_result_id as string),
  };
}

let owner: FixtureUser;
let exam: { id: string; questions: Question[] };

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  const bank = await uploadBank(owner, `offline-sitting-${randomUUID()}.xlsx`, 4, false);
  const made = await createExam(owner, { title: `offline ${randomUUID()}`, question_count: 4, file_id: bank.id });
  exam = { id: made.id as string, questions: (await examQuestions(owner, made.id)) as Question[] };
}, 120_000);

const answersOf = (questions: Question[]) =>
  questions.slice(0, 3).map((q, i) => ({ question_id: q.id, answer: i < 2 ? q.answer : 'wrong', elapsed_seconds: 5 }));

describe('a sitting taken offline', () => {
  it('sent twice with one submission id: one sitting, counted once, at the time it was taken', async () => {
    const user = owner;
    const takenAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const body = {
      exam_id: exam.id,
      elapsed_seconds: 15,
      submission_id: randomUUID(),
      answered_at: takenAt,
      answers: answersOf(exam.questions),
    };
    const first = await json(await user.client.post('/api/submit-exam/', body));
    expect(first).toMatchObject({ replayed: false, result: { completed_at: takenAt, correct_count: 2 } });
    const again = await json(await user.client.post('/api/submit-exam/', body));
    expect(again).toMatchObject({ replayed: true, result_id: first.result_id });

    expect(await counted(user)).toEqual({
      results: [{ completed_at: takenAt, answered: 3, correct: 2 }],
      attempts: [1, 1, 1],
      lastAnswered: [takenAt],
      logged: [{ at: takenAt, reviews: 3 }],
      reviewsOnDays: 3,
      resultCount: 1,
      summaryResults: [1],
      latest: [first.result_id],
    });
    // The result is listed at its own time: its id sorts where it was taken.
    const listed = await json(await user.client.get(`/api/exam-results/?exam_id=${exam.id}`));
    expect(listed.results.map((r: Json) => r.id)).toEqual([first.result_id]);
  });

  it('two devices that took the exam offline make two sittings; the later one stays the latest', async () => {
    const user = await fixtureUser(apiUrl);
    const bank = await uploadBank(user, `offline-two-${randomUUID()}.xlsx`, 3, false);
    const own = await createExam(user, { title: `two ${randomUUID()}`, question_count: 3, file_id: bank.id });
    const questions = (await examQuestions(user, own.id)) as Question[];
    const later = new Date(Date.now() - 3600_000).toISOString();
    const earlier = new Date(Date.now() - 2 * 3600_000).toISOString();
    const device = (answeredAt: string) => ({
      exam_id: own.id,
      elapsed_seconds: 10,
      submission_id: randomUUID(),
      answered_at: answeredAt,
      answers: answersOf(questions),
    });
    // The later sitting arrives first.
    const b = await json(await user.client.post('/api/submit-exam/', device(later)));
    const a = await json(await user.client.post('/api/submit-exam/', device(earlier)));
    expect(a.result_id).not.toBe(b.result_id);
    const after = await counted(user);
    expect(after.results.map((r) => r.completed_at).sort()).toEqual([earlier, later]);
    expect(after.attempts).toEqual([2, 2, 2]);
    expect(after.reviewsOnDays).toBe(6);
    expect(after.resultCount).toBe(2);
    expect(after.summaryResults).toEqual([2]);
    expect(after.latest).toEqual([b.result_id]);
  });

  it('keeps answered_at within the last 30 days and never in the future', async () => {
    const user = await fixtureUser(apiUrl);
    const bank = await uploadBank(user, `offline-clamp-${randomUUID()}.xlsx`, 3, false);
    const own = await createExam(user, { title: `clamp ${randomUUID()}`, question_count: 3, file_id: bank.id });
    const questions = (await examQuestions(user, own.id)) as Question[];
    const send = async (answeredAt: string) =>
      (
        await json(
          await user.client.post('/api/submit-exam/', {
            exam_id: own.id,
            submission_id: randomUUID(),
            answered_at: answeredAt,
            answers: answersOf(questions).slice(0, 1),
          }),
        )
      ).result.completed_at as string;
    const before = Date.now();
    const old = Date.parse(await send(new Date(before - 40 * 24 * 3600_000).toISOString()));
    expect(old).toBeGreaterThanOrEqual(before - 30 * 24 * 3600_000);
    expect(old).toBeLessThan(before - 29 * 24 * 3600_000);
    const future = Date.parse(await send(new Date(before + 24 * 3600_000).toISOString()));
    expect(future).toBeGreaterThanOrEqual(before);
    expect(future).toBeLessThanOrEqual(Date.now());
    const bad = await user.client.post('/api/submit-exam/', {
      exam_id: own.id,
      answered_at: 'yesterday',
      answers: answersOf(questions).slice(0, 1),
    });
    expect(bad.status).toBe(400);
  });

  it("another learner's private exam is refused, and nothing is written", async () => {
    const stranger = await fixtureUser(apiUrl);
    const res = await stranger.client.post('/api/submit-exam/', {
      exam_id: exam.id,
      submission_id: randomUUID(),
      answered_at: new Date(Date.now() - 60_000).toISOString(),
      answers: answersOf(exam.questions),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).code).toBe('exam_not_found');
    const after = await counted(stranger);
    expect(after.results).toEqual([]);
    expect(after.attempts).toEqual([]);
  });
});
