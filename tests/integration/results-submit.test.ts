import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { countersEntity } from '../../functions/domains/users/entities/counters.js';
import { resultDetailEntity } from '../../functions/domains/results/entities/result-detail.js';
import { resultJobEntity } from '../../functions/domains/results/entities/result-job.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { createExam, uploadSheet, writeStat } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { storedStat } from '../support/learner-records.js';
import { GRADING_ROWS, KO_HEADER } from '../support/sheets.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
const json = async <T = Json>(res: Response) => (await res.json()) as T;

async function bankExam(user: FixtureUser, isPublic = true): Promise<{ examId: string; questions: Json[] }> {
  const file = await uploadSheet(user, `results-${uniqueSuffix()}.xlsx`, [KO_HEADER, ...GRADING_ROWS], isPublic);
  const exam = await createExam(user, {
    title: `results ${uniqueSuffix()}`,
    question_count: GRADING_ROWS.length,
    file_id: file.id,
    is_public: isPublic,
  });
  const questions = await json<Json[]>(await user.client.get(`/api/exam/${exam.id}/questions/`));
  questions.sort((a, b) => Number(a.csv_id) - Number(b.csv_id));
  return { examId: exam.id, questions };
}

const submit = (user: FixtureUser, body: Json) => user.client.post('/api/submit-exam/', body);

async function statsOf(user: FixtureUser, examId: string): Promise<Map<string, Json>> {
  const res = await user.client.get(`/api/exam/${examId}/question-statistics/`);
  expect(res.status).toBe(200);
  return new Map(((await res.json()) as Json[]).map((s) => [s.question_id, s]));
}

describe('submit-exam', () => {
  let user: FixtureUser;
  let examId: string;
  let q: Json[];
  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    ({ examId, questions: q } = await bankExam(user));
  });

  it('grades on the server, ignoring a client is_correct, and stores result, details and statistics that agree', async () => {
    const res = await submit(user, {
      exam_id: examId,
      elapsed_seconds: 42,
      submission_id: randomUUID(),
      answers: [
        { question_id: q[0]!.id, answer: '  POD ANSWER ', elapsed_seconds: 5 },
        { question_id: q[1]!.id, answer: 'c; a', elapsed_seconds: 6 },
        { question_id: q[2]!.id, answer: 'yes', elapsed_seconds: 7 },
        { question_id: q[3]!.id, answer: 'wrong', is_correct: true, elapsed_seconds: 8 },
        { question_id: q[4]!.id, answer: ' ', elapsed_seconds: 9 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ success: true, replayed: false, result_id: expect.any(String) });
    expect(body.result).toMatchObject({
      score: 3,
      correct_count: 3,
      wrong_count: 2,
      answered_count: 5,
      total_score: 5,
      elapsed_seconds: 42,
    });
    expect(body.result.user).toEqual({ id: user.id, username: user.username });
    const verdicts = Object.fromEntries(body.result.details.map((d: Json) => [d.question_id, d.is_correct]));
    expect(verdicts).toEqual({
      [q[0]!.id]: true,
      [q[1]!.id]: true,
      [q[2]!.id]: true,
      [q[3]!.id]: false,
      [q[4]!.id]: false,
    });

    const read = await json(await user.client.get(`/api/exam-result/${body.result_id}/`));
    expect(read).toMatchObject({ id: body.result_id, score: 3, wrong_count: 2 });
    expect(read.details).toHaveLength(5);
    // Each detail carries the question's text, so the review reads it beside both answers.
    expect(read.details[0].question).toEqual({ id: q[0]!.id, csv_id: '1', title: '쿠버네티스', content: '파드란?' });
    expect(read.details[1].question.content).toBe('두 개를 고르시오\nA. 하나\nB. 둘\nC. 셋\nD. 넷');

    const stats = await statsOf(user, examId);
    expect(stats.get(q[0]!.id)).toEqual({
      question_id: q[0]!.id,
      total_attempts: 1,
      correct_attempts: 1,
      accuracy_percentage: 100,
    });
    expect(stats.get(q[3]!.id)).toEqual({
      question_id: q[3]!.id,
      total_attempts: 1,
      correct_attempts: 0,
      accuracy_percentage: 0,
    });
    const stored = await storedStat(user.id, q[4]!.id);
    expect(stored).toMatchObject({ last_correct: false, exam_id: examId, version: 1 });
    expect(stored!.fsrs).toMatchObject({ reps: 1, lapses: 0 });

    const summary = await json(await user.client.get('/api/exam-results/summary/'));
    const mine = summary.results.find((s: Json) => s.exam_id === examId);
    expect(mine).toMatchObject({
      result_count: 1,
      latest_result_id: body.result_id,
      latest_score: 3,
      latest_total_score: 5,
      user_correct_questions: 3,
      accuracy_percentage: 60,
    });
  });

  it('grades choices typed as their text and answers with a final period as the screens do', async () => {
    const learner = await fixtureUser(apiUrl);
    const bank = await bankExam(learner);
    const res = await submit(learner, {
      exam_id: bank.examId,
      elapsed_seconds: 10,
      submission_id: randomUUID(),
      answers: [
        { question_id: bank.questions[0]!.id, answer: 'Pod answer.', elapsed_seconds: 1 },
        { question_id: bank.questions[1]!.id, answer: '셋, 하나', elapsed_seconds: 1 },
        { question_id: bank.questions[3]!.id, answer: 'answer four!', elapsed_seconds: 1 },
        { question_id: bank.questions[4]!.id, answer: 'answer four', elapsed_seconds: 1 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const details = (await json(res)).result.details as Json[];
    expect(details.map((d) => d.is_correct)).toEqual([true, true, true, false]);
    // Typing the texts of other choices is wrong.
    const wrong = await submit(learner, {
      exam_id: bank.examId,
      elapsed_seconds: 10,
      submission_id: randomUUID(),
      answers: [{ question_id: bank.questions[1]!.id, answer: '둘, 넷', elapsed_seconds: 1 }],
    });
    expect(((await json(wrong)).result.details as Json[])[0]!.is_correct).toBe(false);
  });

  it('answers 400 with a code for questions not in the exam, and for malformed bodies', async () => {
    const unknown = await submit(user, { exam_id: examId, answers: [{ question_id: 'nope-1', answer: 'x' }] });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ code: 'result_unknown_questions' });
    const tooLong = await submit(user, {
      exam_id: examId,
      answers: [{ question_id: q[0]!.id, answer: 'x'.repeat(2001) }],
    });
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).code).toBe('validation_failed');
    const noAnswers = await submit(user, { exam_id: examId });
    expect((await json(noAnswers)).code).toBe('validation_failed');
    const missingExam = await submit(user, { exam_id: 'doesnotexist', answers: [] });
    expect(missingExam.status).toBe(404);
    expect((await json(missingExam)).code).toBe('exam_not_found');
    const badLatest = await user.client.get('/api/exam-results/?latest=true');
    expect((await json(badLatest)).code).toBe('result_latest_needs_exam');
    const badCursor = await user.client.get('/api/exam-results/?cursor=garbage');
    expect(badCursor.status).toBe(400);
    expect((await json(badCursor)).code).toBe('cursor_invalid');
    const foreignCursor = Buffer.from(JSON.stringify({ pk: 'USER#someone', sk: 'RESULT#x' })).toString('base64url');
    expect((await json(await user.client.get(`/api/exam-results/?cursor=${foreignCursor}`))).code).toBe(
      'cursor_invalid',
    );
    // A cursor of the per-exam list (gsi1 keys) on the full list, or one outside the listed range, is refused too.
    for (const key of [
      { pk: `USER#${user.id}`, sk: 'RESULT#x', gsi1pk: `USER#${user.id}#EXAM#${examId}`, gsi1sk: 'x' },
      { pk: `USER#${user.id}`, sk: 'USER' },
    ]) {
      const c = Buffer.from(JSON.stringify(key)).toString('base64url');
      expect((await user.client.get(`/api/exam-results/?cursor=${c}`)).status).toBe(400);
      expect((await user.client.get(`/api/exam-results/summary/?cursor=${c}`)).status).toBe(400);
    }
  });

  it('a retried submit (same submission_id) answers the same result and counts nothing twice', async () => {
    const other = await fixtureUser(apiUrl);
    const body = {
      exam_id: examId,
      submission_id: randomUUID(),
      answers: [
        { question_id: q[0]!.id, answer: 'pod answer' },
        { question_id: q[3]!.id, answer: 'no' },
      ],
    };
    const first = await json(await submit(other, body));
    const again = await json(await submit(other, { ...body, elapsed_seconds: 99 }));
    expect(again).toMatchObject({ replayed: true, result_id: first.result_id });
    expect(again.result.details).toHaveLength(2);
    expect(await storedStat(other.id, q[0]!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    const list = await json(await other.client.get('/api/exam-results/'));
    expect(list.count).toBe(1);
    expect(list.results).toHaveLength(1);
    const reused = await submit(other, { ...body, answers: [{ question_id: q[0]!.id, answer: 'different' }] });
    expect(reused.status).toBe(409);
    expect((await json(reused)).code).toBe('submission_id_reused');
    // Without a submission_id, the same answers within the window are one submit too.
    const plain = { exam_id: examId, answers: [{ question_id: q[1]!.id, answer: 'A,C' }] };
    const p1 = await json(await submit(other, plain));
    const p2 = await json(await submit(other, plain));
    expect(p2).toMatchObject({ replayed: true, result_id: p1.result_id });
    expect((await json(await other.client.get('/api/exam-results/'))).count).toBe(2);
  });

  it('a retry resumes the statistics a submit left half-way (job item), each exactly once', async () => {
    const learner = await fixtureUser(apiUrl);
    const body = {
      exam_id: examId,
      submission_id: randomUUID(),
      answers: [{ question_id: q[0]!.id, answer: 'pod answer' }],
    };
    const first = await json(await submit(learner, body));
    // As if the request had stopped after its first transaction with two statistics still to apply.
    const job = {
      ...resultJobEntity.key(learner.id, first.result_id),
      type: 'RESULTJOB',
      result_id: first.result_id,
      exam_id: examId,
      pending: [
        [q[3]!.id, 0],
        [q[4]!.id, 1],
      ],
      cursor: 0,
      answered_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    await dynamoDocument().send(new PutCommand({ TableName: config.appTable, Item: job }));
    const retries = await Promise.all([submit(learner, body), submit(learner, body)]);
    for (const r of retries) expect(await json(r)).toMatchObject({ replayed: true, result_id: first.result_id });
    expect(await storedStat(learner.id, q[3]!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 0 });
    expect(await storedStat(learner.id, q[4]!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    expect(await storedStat(learner.id, q[0]!.id)).toMatchObject({ total_attempts: 1 });
    const left = await dynamoDocument().send(
      new GetCommand({
        TableName: config.appTable,
        Key: resultJobEntity.key(learner.id, first.result_id),
        ConsistentRead: true,
      }),
    );
    expect(left.Item).toBeUndefined();
  });

  it('concurrent duplicate submits count once', async () => {
    const racer = await fixtureUser(apiUrl);
    const body = {
      exam_id: examId,
      submission_id: randomUUID(),
      answers: q.map((x) => ({ question_id: x.id, answer: 'pod answer' })),
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => submit(racer, body)));
    const bodies = await Promise.all(answers.map(json));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(bodies.map((b) => b.result_id)).size).toBe(1);
    expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
    for (const x of q) expect((await storedStat(racer.id, x.id))?.total_attempts).toBe(1);
    const list = await json(await racer.client.get('/api/exam-results/'));
    expect(list.count).toBe(1);
    const summary = await json(await racer.client.get('/api/exam-results/summary/'));
    expect(summary).toMatchObject({ count: 1 });
    expect(summary.results[0]).toMatchObject({ result_count: 1 });
  });

  it('advances FSRS state: due moves later after correct answers, a wrong answer is a lapse', async () => {
    const learner = await fixtureUser(apiUrl);
    const once = { question_id: q[0]!.id, answer: 'pod answer' };
    await submit(learner, { exam_id: examId, submission_id: randomUUID(), answers: [once] });
    const s1 = (await storedStat(learner.id, q[0]!.id))!;
    expect(s1.fsrs).toMatchObject({ reps: 1, lapses: 0, state: 'learning' });
    await submit(learner, { exam_id: examId, submission_id: randomUUID(), answers: [once] });
    const s2 = (await storedStat(learner.id, q[0]!.id))!;
    expect(s2.fsrs).toMatchObject({ reps: 2, lapses: 0, state: 'review' });
    expect(Date.parse(s2.fsrs.due)).toBeGreaterThan(Date.parse(s1.fsrs.due));
    expect(s2.fsrs.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(s2.gsi1pk).toBe(`USER#${learner.id}#DUE`);
    await submit(learner, { exam_id: examId, submission_id: randomUUID(), answers: [{ ...once, answer: 'wrong' }] });
    const s3 = (await storedStat(learner.id, q[0]!.id))!;
    expect(s3.fsrs).toMatchObject({ reps: 3, lapses: 1, state: 'relearning' });
    expect(s3).toMatchObject({ total_attempts: 3, correct_attempts: 2, last_correct: false, version: 3 });
    expect(Date.parse(s3.fsrs.due)).toBeLessThan(Date.parse(s2.fsrs.due));
  });

  it('keeps counts of a legacy statistic (no version, no FSRS) and grades in the caller language with fallback', async () => {
    const en = await fixtureUser(apiUrl, { language: 'en' });
    await writeStat(en.id, q[0]!.id, 4, 1);
    const res = await json(
      await submit(en, {
        exam_id: examId,
        submission_id: randomUUID(),
        answers: [{ question_id: q[0]!.id, answer: 'pod answer' }],
      }),
    );
    // The question has only Korean text: the Korean answer is the fallback for an English caller.
    expect(res.result.correct_count).toBe(1);
    expect(await storedStat(en.id, q[0]!.id)).toMatchObject({ total_attempts: 5, correct_attempts: 2, version: 1 });
  });
});

describe('continue', () => {
  let user: FixtureUser;
  let examId: string;
  let q: Json[];
  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    ({ examId, questions: q } = await bankExam(user));
  });

  it('merges new answers into the earlier result; statistics advance only for the new answers; idempotent', async () => {
    const first = await json(
      await submit(user, {
        exam_id: examId,
        elapsed_seconds: 10,
        submission_id: randomUUID(),
        answers: [
          { question_id: q[0]!.id, answer: 'wrong' },
          { question_id: q[1]!.id, answer: 'A, C' },
        ],
      }),
    );
    expect(first.result).toMatchObject({ correct_count: 1, wrong_count: 1, answered_count: 2, total_score: 5 });
    const body = {
      previous_result_id: first.result_id,
      elapsed_seconds: 20,
      submission_id: randomUUID(),
      answers: [
        { question_id: q[0]!.id, answer: 'pod answer' },
        { question_id: q[2]!.id, answer: 'n' },
      ],
    };
    const res = await user.client.post(`/api/exam/${examId}/continue/`, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const cont = await json(res);
    expect(cont).toMatchObject({ result_id: first.result_id, replayed: false });
    expect(cont.result).toMatchObject({
      correct_count: 2,
      wrong_count: 1,
      answered_count: 3,
      score: 2,
      elapsed_seconds: 30,
    });
    const again = await json(await user.client.post(`/api/exam/${examId}/continue/`, body));
    expect(again).toMatchObject({ replayed: true, result_id: first.result_id });

    const read = await json(await user.client.get(`/api/exam-result/${first.result_id}/`));
    expect(read.details.map((d: Json) => [d.question_id, d.is_correct])).toEqual([
      [q[0]!.id, true],
      [q[1]!.id, true],
      [q[2]!.id, false],
    ]);
    expect(await storedStat(user.id, q[0]!.id)).toMatchObject({ total_attempts: 2, correct_attempts: 1 });
    expect(await storedStat(user.id, q[1]!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    expect(await storedStat(user.id, q[2]!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 0 });
    // Only the current detail chunks remain.
    const chunks = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':pk': userPk(user.id), ':d': resultDetailEntity.resultPrefix(first.result_id) },
      }),
    );
    expect(chunks.Items).toHaveLength(1);
    const results = await json(await user.client.get(`/api/exam-results/?exam_id=${examId}`));
    expect(results.count).toBe(1);
    const latest = await json(await user.client.get(`/api/exam-results/?exam_id=${examId}&latest=true`));
    expect(latest.results[0]).toMatchObject({ id: first.result_id, correct_count: 2 });
    expect(latest.results[0].details).toHaveLength(3);
  });

  it('refuses a result of another exam or of another user (404), and unknown questions (400)', async () => {
    const mine = await json(await submit(user, { exam_id: examId, submission_id: randomUUID(), answers: [] }));
    const { examId: otherExam } = await bankExam(user);
    const wrongExam = await user.client.post(`/api/exam/${otherExam}/continue/`, {
      previous_result_id: mine.result_id,
      answers: [],
    });
    expect(wrongExam.status).toBe(404);
    expect((await json(wrongExam)).code).toBe('result_not_found');
    const stranger = await fixtureUser(apiUrl);
    const foreign = await stranger.client.post(`/api/exam/${examId}/continue/`, {
      previous_result_id: mine.result_id,
      answers: [],
    });
    expect(foreign.status).toBe(404);
    const unknown = await user.client.post(`/api/exam/${examId}/continue/`, {
      previous_result_id: mine.result_id,
      answers: [{ question_id: 'x-1', answer: 'a' }],
    });
    expect((await json(unknown)).code).toBe('result_unknown_questions');
  });
});

describe('results list, delete and counters', () => {
  it('pages newest first with an O(1) count and keeps counters right on delete (statistics stay)', async () => {
    const user = await fixtureUser(apiUrl);
    const { examId, questions: q } = await bankExam(user);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await json(
        await submit(user, {
          exam_id: examId,
          submission_id: randomUUID(),
          answers: [{ question_id: q[i]!.id, answer: i === 0 ? 'pod answer' : 'x' }],
        }),
      );
      ids.push(res.result_id);
    }
    const page1 = await json(await user.client.get('/api/exam-results/?page_size=2'));
    expect(page1.count).toBe(3);
    expect(page1.results.map((r: Json) => r.id)).toEqual([ids[2], ids[1]]);
    const page2 = await json(await user.client.get(`/api/exam-results/?page_size=2&cursor=${page1.next}`));
    expect(page2.results.map((r: Json) => r.id)).toEqual([ids[0]]);

    const del = await user.client.delete(`/api/exam-result/${ids[2]}/`);
    expect(del.status).toBe(200);
    expect(await json(del)).toMatchObject({ success: true });
    expect((await user.client.get(`/api/exam-result/${ids[2]}/`)).status).toBe(404);
    const after = await json(await user.client.get(`/api/exam-results/?exam_id=${examId}`));
    expect(after.count).toBe(2);
    const summary = (await json(await user.client.get('/api/exam-results/summary/'))).results[0];
    expect(summary).toMatchObject({ result_count: 2, latest_result_id: ids[1] });
    expect(await storedStat(user.id, q[2]!.id)).toMatchObject({ total_attempts: 1 });
    const detailsLeft = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':pk': userPk(user.id), ':d': resultDetailEntity.resultPrefix(ids[2]!) },
      }),
    );
    expect(detailsLeft.Items).toHaveLength(0);
    await user.client.delete(`/api/exam-result/${ids[1]}/`);
    await user.client.delete(`/api/exam-result/${ids[0]}/`);
    const empty = await json(await user.client.get('/api/exam-results/summary/'));
    expect(empty).toMatchObject({ count: 0, results: [] });
    expect((await json(await user.client.get('/api/exam-results/'))).count).toBe(0);
    const counters = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: countersEntity.key(user.id) }),
    );
    expect(counters.Item).toMatchObject({ result_count: 0, exam_count: 0 });
  });
});

describe('question statistics and accuracy adjustment', () => {
  let user: FixtureUser;
  let examId: string;
  let q: Json[];
  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    ({ examId, questions: q } = await bankExam(user));
  });

  it('admins read a user’s statistics by id or username; others get 403', async () => {
    await submit(user, {
      exam_id: examId,
      submission_id: randomUUID(),
      answers: [{ question_id: q[0]!.id, answer: 'pod answer' }],
    });
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    const byId = await json(await admin.client.get(`/api/exam/${examId}/question-statistics/?user_id=${user.id}`));
    expect(byId).toEqual([{ question_id: q[0]!.id, total_attempts: 1, correct_attempts: 1, accuracy_percentage: 100 }]);
    const byName = await json(
      await admin.client.get(`/api/exam/${examId}/question-statistics/?username=${user.username}`),
    );
    expect(byName).toEqual(byId);
    expect(await json(await admin.client.get(`/api/exam/${examId}/question-statistics/`))).toEqual([]);
    const missing = await admin.client.get(
      `/api/exam/${examId}/question-statistics/?username=nobody_${uniqueSuffix()}`,
    );
    expect(missing.status).toBe(404);
    expect((await json(missing)).code).toBe('statistics_user_not_found');
    const other = await fixtureUser(apiUrl);
    const refused = await other.client.get(`/api/exam/${examId}/question-statistics/?user_id=${user.id}`);
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe('statistics_forbidden');
    const studyAdmin = await fixtureUser(apiUrl, { role: 'study_admin_role' });
    expect(
      (await studyAdmin.client.get(`/api/exam/${examId}/question-statistics/?username=${user.username}`)).status,
    ).toBe(403);
    expect((await user.client.get(`/api/exam/${examId}/question-statistics/?user_id=${user.id}`)).status).toBe(200);
  });

  it('adjusts the caller’s own accuracy: clear, ambiguous and a target', async () => {
    const learner = await fixtureUser(apiUrl);
    const adjust = (body: Json) =>
      learner.client.post('/api/adjust-question-accuracy/', { question_id: q[3]!.id, exam_id: examId, ...body });
    const clear = await json(await adjust({ adjustment_type: 'clear' }));
    expect(clear).toMatchObject({
      success: true,
      statistic: { total_attempts: 1, correct_attempts: 1, accuracy_percentage: 100 },
    });
    const ambiguous = await json(await adjust({ adjustment_type: 'ambiguous' }));
    expect(ambiguous.statistic).toMatchObject({ total_attempts: 2, correct_attempts: 1, accuracy_percentage: 50 });
    const down = await json(await adjust({ adjustment_type: 'ambiguous', target_percentage: 20 }));
    // 1 / (2 + 3) = 20 %
    expect(down.statistic).toMatchObject({ total_attempts: 5, correct_attempts: 1, accuracy_percentage: 20 });
    const up = await json(await adjust({ adjustment_type: 'clear', target_percentage: 60 }));
    // (1 + 5) / (5 + 5) = 60 %
    expect(up.statistic).toMatchObject({ total_attempts: 10, correct_attempts: 6, accuracy_percentage: 60 });
    expect(up.message).toContain('60');
    expect(await storedStat(learner.id, q[3]!.id)).toMatchObject({ version: 4 });
    const stats = await statsOf(learner, examId);
    expect(stats.get(q[3]!.id)).toMatchObject({ total_attempts: 10, correct_attempts: 6 });

    const notInExam = await adjust({ adjustment_type: 'clear', question_id: 'missing-1' });
    expect(notInExam.status).toBe(404);
    expect((await json(notInExam)).code).toBe('question_not_in_exam');
    const badType = await adjust({ adjustment_type: 'maybe' });
    expect(badType.status).toBe(400);
    const badTarget = await adjust({ adjustment_type: 'clear', target_percentage: 101 });
    expect(badTarget.status).toBe(400);
  });
});
