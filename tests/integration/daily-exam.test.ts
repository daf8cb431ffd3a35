import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import { createExam, type UploadedFile } from '../support/exam-fixtures.js';
import { useCloudEnv } from '../support/accounts.js';
import { writeDueStat } from '../support/due-cards.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { setUserFields } from '../support/learner-records.js';
import { examQuestions, publicSourceExam, subscribe } from '../support/learner-queue-fixtures.js';
import { okJson } from '../support/responses.js';

const apiUrl = inject('apiUrl');

let author: FixtureUser;
let file: UploadedFile;
let sourceExam: { id: string };
let sourceQuestions: { id: string }[];

const dailyExam = (user: FixtureUser) => user.client.post('/api/daily-exam/').then(okJson);

beforeAll(async () => {
  useCloudEnv();
  ({ author, file, exam: sourceExam, questions: sourceQuestions } = await publicSourceExam('daily', 30));
});

describe('daily exam', () => {
  it('answers each spec error key with success false, never a 5xx', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    expect(await dailyExam(user)).toMatchObject({ success: false, error: 'home.dailyExam.noSubscribedExams' });

    const hidden = await createExam(author, {
      title: `Hidden ${user.id}`,
      question_count: 3,
      file_name: file.name,
      is_public: true,
    });
    await subscribe(user, [hidden.id]);
    await okJson(await author.client.patch(`/api/exam/${hidden.id}/update/`, { is_public: false }));
    expect(await dailyExam(user)).toMatchObject({
      success: false,
      error: 'home.dailyExam.noAccessibleExams',
      detail: expect.stringMatching(/\S/),
    });

    const empty = await createExam(author, { title: `Empty ${user.id}`, question_count: 0, is_public: true });
    await subscribe(user, [empty.id]);
    expect(await dailyExam(user)).toMatchObject({
      success: false,
      error: 'home.dailyExam.noQuestionsInSubscribedExams',
    });

    const small = await createExam(author, {
      title: `Small ${user.id}`,
      question_count: 2,
      file_name: file.name,
      is_public: true,
    });
    await subscribe(user, [small.id]);
    for (const q of await examQuestions(author, small.id))
      await okJson(await user.client.post(`/api/question/${q.id}/ignore/`, { exam_id: small.id }));
    expect(await dailyExam(user)).toMatchObject({ success: false, error: 'home.dailyExam.noQuestionsAvailable' });
  });

  it('gives one private exam per day, the same to repeated and concurrent calls of both routes', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [sourceExam.id]);
    const answers = await Promise.all([
      dailyExam(user),
      dailyExam(user),
      user.client
        .post('/api/create-random-recommendation-exam/', {
          target_username: user.username,
          title: '',
          questions_per_exam: null,
          is_public: false,
        })
        .then(okJson),
    ]);
    const ids = new Set(answers.map((a) => a.exam.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    const exam = answers[0].exam;
    expect(exam).toMatchObject({ title: dailyQuizTitle(user.username), is_public: false, total_questions: 3 });
    expect((await dailyExam(user)).exam.id).toBe(exam.id);
    // only one exam survives the race
    const mine = await okJson(await user.client.get('/api/exams/?my_exams=true&page_size=100'));
    expect(mine.results.filter((e: { title: string }) => e.title === exam.title)).toHaveLength(0); // daily exams are personal: not listed
    expect((await examQuestions(user, exam.id)).every((q) => sourceQuestions.some((s) => s.id === q.id))).toBe(true);
  });

  it('is built only by a CSRF-checked POST: a GET or a POST without the token builds nothing', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [sourceExam.id]);
    // What an image in someone's question would send: a GET with the viewer's cookies.
    const viaGet = await user.client.get('/api/daily-exam/');
    expect(viaGet.status).toBe(404);
    expect(((await viaGet.json()) as { code: string }).code).toBe('route_not_found');
    const forged = await user.client.request('POST', '/api/daily-exam/', { csrf: false });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('csrf_failed');
    // The first real POST is the one that builds it.
    expect(await dailyExam(user)).toMatchObject({ success: true, created: true });
  });

  it('takes the profile question count, due reviews first (most to gain first), never ignored ones', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [sourceExam.id]);
    await setUserFields(user.id, { random_exam_question_count: 5 });
    const [q1, q2, q3, q4] = sourceQuestions;
    await writeDueStat(user.id, q1!.id, sourceExam.id, { daysAgo: 1, stability: 30 }); // due yesterday, strong memory
    await writeDueStat(user.id, q2!.id, sourceExam.id, { daysAgo: 20, stability: 2 }); // long overdue, weak memory
    await writeDueStat(user.id, q3!.id, sourceExam.id, { daysAgo: 3, stability: 10 });
    await writeDueStat(user.id, q4!.id, sourceExam.id, { daysAgo: 25, stability: 1 });
    await okJson(await user.client.post(`/api/question/${q4!.id}/ignore/`, { exam_id: sourceExam.id }));
    const answer = await dailyExam(user);
    const ids = (await examQuestions(user, answer.exam.id)).map((q) => q.id);
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(q4!.id);
    // The 3 due ones by expected retention gain (here the least recallable first), the third and fifth places
    // an unseen one (D314, D316).
    expect([ids[0], ids[1], ids[3]]).toEqual([q2!.id, q3!.id, q1!.id]);
    expect(sourceQuestions.slice(0, 4).map((q) => q.id)).not.toContain(ids[2]);
  });

  it('lets only site admins name another user', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const other = await fixtureUser(apiUrl, { language: 'en' });
    const admin = await fixtureUser(apiUrl, { language: 'en', role: 'admin_role' });
    await subscribe(other, [sourceExam.id]);
    const refused = await user.client.post('/api/create-random-recommendation-exam/', {
      target_username: other.username,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'daily_exam_target_forbidden' });
    const made = await okJson(
      await admin.client.post('/api/create-random-recommendation-exam/', { target_username: other.username }),
    );
    expect(made).toMatchObject({ success: true, exam: { title: dailyQuizTitle(other.username) } });
    expect((await dailyExam(other)).exam.id).toBe(made.exam.id);
    expect(
      (await admin.client.post('/api/create-random-recommendation-exam/', { target_username: 'no_such_user_x' }))
        .status,
    ).toBe(404);
  });

  it('builds with a bounded number of DynamoDB requests, whatever the subscriptions', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createExam(author, { title: `Many ${user.id} ${i}`, question_count: 5, file_name: file.name, is_public: true }),
      ),
    );
    await subscribe(user, [sourceExam.id, ...many.map((e) => e.id)]);
    const { dailyExamFor } = await import('../../functions/domains/exams/daily-exam.js');
    const { getUser } = await import('../../functions/domains/users/user-store.js');
    const record = (await getUser(user.id))!;
    // The first read of an exam places the learner in it (D309): measured is the build after.
    await user.client.get('/api/due-today/');
    const calls = countDynamoCalls();
    const first = await dailyExamFor(record);
    const building = calls.count();
    calls.reset();
    const again = await dailyExamFor(record);
    expect(first.ok && again.ok && first.exam.id === again.exam.id).toBe(true);
    expect(calls.count()).toBe(2);
    // GetItem day, Query subs, BatchGet exams, Query due index ∥ Query ignored, BatchGet places, ≤ 3 Query exams past
    // the places, BatchGet stats + day counts, BatchWrite + Tx exam, Put day, Update pointer (the learner's queue, D184, D308)
    expect(building).toBeLessThanOrEqual(14);
  });
});
