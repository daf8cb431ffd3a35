import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import type { TestClient } from '../support/http-client.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_FAVORITE_QUESTIONS, MAX_IGNORED_QUESTIONS } from '#shared/contracts/questions.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { countersEntity } from '../../functions/domains/users/entities/counters.js';
import { favoriteEntity } from '../../functions/domains/learning/entities/favorite.js';
import { ignoredEntity } from '../../functions/domains/learning/entities/ignored.js';
import { appItem } from '../support/accounts.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Who = 'anonymous' | 'owner' | 'other' | 'studyAdmin' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'studyAdmin', 'admin'];

interface Question {
  id: string;
  title: string;
  answer: string;
  content: string;
}

let owner: FixtureUser;
let other: FixtureUser;
let clients: Record<Who, TestClient>;
let publicExam: string;
let privateExam: string;
let publicQuestions: Question[];
let privateQuestions: Question[];

async function questionsOf(examId: string): Promise<Question[]> {
  const res = await owner.client.get(`/api/exam/${examId}/questions/`);
  expect(res.status).toBe(200);
  return (await res.json()) as Question[];
}

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  other = await fixtureUser(apiUrl);
  const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  const studyAdmin = await fixtureUser(apiUrl, { role: 'study_admin_role' });
  clients = {
    anonymous: await anonymousClient(apiUrl),
    owner: owner.client,
    other: other.client,
    studyAdmin: studyAdmin.client,
    admin: admin.client,
  };
  const pub = await uploadBank(owner, `qlearn-public-${uniqueSuffix()}.xlsx`, 5, true);
  const priv = await uploadBank(owner, `qlearn-private-${uniqueSuffix()}.xlsx`, 5, false);
  publicExam = (
    await createExam(owner, {
      title: `qlearn public ${uniqueSuffix()}`,
      question_count: 5,
      file_id: pub.id,
      is_public: true,
    })
  ).id;
  privateExam = (
    await createExam(owner, {
      title: `qlearn private ${uniqueSuffix()}`,
      question_count: 5,
      file_id: priv.id,
      is_public: false,
    })
  ).id;
  publicQuestions = await questionsOf(publicExam);
  privateQuestions = await questionsOf(privateExam);
});

async function statuses(call: (client: TestClient) => Promise<Response>) {
  const seen: Record<string, number> = {};
  for (const who of WHO) seen[who] = (await call(clients[who])).status;
  return seen;
}

describe('authorization matrix: favorites, ignore, evaluate, single-question exams, connected studies', () => {
  it('favorite a public exam question (with and without exam_id)', async () => {
    const q = publicQuestions[0]!.id;
    // Each caller toggles twice so the state is back to "not a favorite" afterwards.
    expect(
      await statuses(async (c) => {
        await c.post('/api/add-question-to-favorite/', { question_id: q, exam_id: publicExam });
        return c.post('/api/add-question-to-favorite/', { question_id: q });
      }),
    ).toEqual({ anonymous: 401, owner: 200, other: 200, studyAdmin: 200, admin: 200 });
  });
  it('favorite a private exam question: invisible to others', async () => {
    const q = privateQuestions[0]!.id;
    expect(
      await statuses((c) => c.post('/api/add-question-to-favorite/', { question_id: q, exam_id: privateExam })),
    ).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
    expect(
      await statuses((c) => c.post('/api/add-question-to-favorite/', { question_id: privateQuestions[1]!.id })),
    ).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
  });
  it('ignore a private exam question: invisible to others', async () => {
    expect(await statuses((c) => c.post(`/api/question/${privateQuestions[2]!.id}/ignore/`, {}))).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
    expect(await statuses((c) => c.post(`/api/question/${privateQuestions[2]!.id}/unignore/`, {}))).toEqual({
      anonymous: 401,
      owner: 200,
      other: 200,
      studyAdmin: 200,
      admin: 200,
    });
  });
  it('lists need a sign-in', async () => {
    expect(await statuses((c) => c.get('/api/favorite-exam-questions/'))).toEqual({
      anonymous: 401,
      owner: 200,
      other: 200,
      studyAdmin: 200,
      admin: 200,
    });
    expect(await statuses((c) => c.get('/api/questions/ignored/'))).toEqual({
      anonymous: 401,
      owner: 200,
      other: 200,
      studyAdmin: 200,
      admin: 200,
    });
  });
  it('evaluate-answer on a private exam question', async () => {
    const q = privateQuestions[0]!;
    expect(
      await statuses((c) =>
        c.post('/api/evaluate-answer/', { exam_id: privateExam, question_id: q.id, user_answer: q.answer }),
      ),
    ).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
  });
  it('create-single-question-exam from a private exam', async () => {
    const q = privateQuestions[0]!.id;
    expect(
      await statuses((c) => c.post('/api/create-single-question-exam/', { exam_id: privateExam, question_id: q })),
    ).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
  });
  it('connected studies', async () => {
    expect(await statuses((c) => c.get(`/api/exam/${privateExam}/connected-studies/`))).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
    expect(await statuses((c) => c.get(`/api/exam/${publicExam}/connected-studies/`))).toEqual({
      anonymous: 401,
      owner: 200,
      other: 200,
      studyAdmin: 200,
      admin: 200,
    });
  });
});

describe('favorites', () => {
  it('toggles, lists newest first with a snapshot, is_ignored and original_exams', async () => {
    const user = await fixtureUser(apiUrl);
    const [a, b] = publicQuestions;
    const on = await user.client.post('/api/add-question-to-favorite/', { question_id: a!.id, exam_id: publicExam });
    expect(await on.json()).toEqual({ success: true, question_id: a!.id, is_favorite: true });
    await user.client.post('/api/add-question-to-favorite/', { question_id: b!.id });
    await user.client.post(`/api/question/${a!.id}/ignore/`, { exam_id: publicExam });

    // The snapshot survives a later edit of the exam copy.
    expect(
      (await owner.client.patch(`/api/questions/${a!.id}/update/`, { exam_id: publicExam, title: 'changed later' }))
        .status,
    ).toBe(200);

    const list = (await (await user.client.get('/api/favorite-exam-questions/?t=123')).json()) as {
      count: number;
      questions: Record<string, any>[];
    };
    expect(list.count).toBe(2);
    expect(list.questions.map((q) => q.id)).toEqual([b!.id, a!.id]);
    expect(list.questions[1]).toMatchObject({
      id: a!.id,
      title: a!.title,
      answer: a!.answer,
      is_favorite: true,
      is_ignored: true,
    });
    expect(list.questions[1]!.original_exams[0].id).toBe(publicExam);
    expect(list.questions[1]!.original_exams[0].title).toMatch(/^qlearn public/);
    expect(list.questions[0]!.is_ignored).toBe(false);

    const one = (await (
      await user.client.get(`/api/favorite-exam-questions/?question_id=${encodeURIComponent(b!.id)}`)
    ).json()) as { count: number; questions: { id: string }[] };
    expect(one.questions.map((q) => q.id)).toEqual([b!.id]);

    const off = await user.client.post('/api/add-question-to-favorite/', { question_id: a!.id });
    expect(await off.json()).toEqual({ success: true, question_id: a!.id, is_favorite: false });
    const none = (await (
      await user.client.get(`/api/favorite-exam-questions/?question_id=${encodeURIComponent(a!.id)}`)
    ).json()) as { count: number };
    expect(none.count).toBe(0);
  });

  it('refuses unknown questions and a question that is not in the named exam', async () => {
    const user = await fixtureUser(apiUrl);
    expect((await user.client.post('/api/add-question-to-favorite/', { question_id: 'no-such-question' })).status).toBe(
      404,
    );
    expect(
      (
        await user.client.post('/api/add-question-to-favorite/', {
          question_id: privateQuestions[0]!.id,
          exam_id: publicExam,
        })
      ).status,
    ).toBe(404);
    expect((await user.client.post('/api/add-question-to-favorite/', {})).status).toBe(400);
  });
});

describe('ignore', () => {
  it('ignore and unignore are idempotent; the list holds ids', async () => {
    const user = await fixtureUser(apiUrl);
    const q = publicQuestions[3]!.id;
    for (let i = 0; i < 2; i++) {
      const res = await user.client.post(`/api/question/${q}/ignore/`, {});
      expect(await res.json()).toEqual({ success: true, question_id: q, is_ignored: true });
    }
    const list = (await (await user.client.get('/api/questions/ignored/')).json()) as {
      count: number;
      ignored_questions: { question_id: string }[];
    };
    expect(list.count).toBe(1);
    expect(list.ignored_questions[0]!.question_id).toBe(q);
    for (let i = 0; i < 2; i++) {
      const res = await user.client.post(`/api/question/${q}/unignore/`, {});
      expect(await res.json()).toEqual({ success: true, question_id: q, is_ignored: false });
    }
    expect(((await (await user.client.get('/api/questions/ignored/')).json()) as { count: number }).count).toBe(0);
    expect((await user.client.post('/api/question/unknown-question/ignore/', {})).status).toBe(404);
  });
});

describe('favorite and ignored caps (MAX_FAVORITE_QUESTIONS, MAX_IGNORED_QUESTIONS)', () => {
  const countersOf = async (userId: string) => countersEntity.parse((await appItem(countersEntity.key(userId))) ?? {});
  /** Sets a counter as if the user had marked that many questions already. */
  const setCount = (userId: string, counter: 'favorite_count' | 'ignored_count', value: number) =>
    dynamoDocument().send(
      new UpdateCommand({
        TableName: process.env.APP_TABLE!,
        Key: countersEntity.key(userId),
        UpdateExpression: 'SET #n = :v',
        ExpressionAttributeNames: { '#n': counter },
        ExpressionAttributeValues: { ':v': value },
      }),
    );

  it('counts favorites once each: a repeated add or remove changes nothing', async () => {
    const user = await fixtureUser(apiUrl);
    const [a, b] = publicQuestions;
    const add = (id: string) =>
      user.client.post('/api/add-question-to-favorite/', { question_id: id, exam_id: publicExam });
    await add(a!.id);
    await add(b!.id);
    expect((await countersOf(user.id)).favorite_count).toBe(2);
    // Two toggles at once on a favorite: one removes it, the other finds it gone or adds it back.
    await Promise.all([add(a!.id), add(a!.id)]);
    const listed = ((await (await user.client.get('/api/favorite-exam-questions/')).json()) as { count: number }).count;
    expect((await countersOf(user.id)).favorite_count).toBe(listed);

    // Marks of several questions at once all land and are all counted (their transactions share the counter).
    const burst = await fixtureUser(apiUrl);
    const answers = await Promise.all(
      publicQuestions.map((q) =>
        burst.client.post('/api/add-question-to-favorite/', { question_id: q.id, exam_id: publicExam }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(publicQuestions.map(() => 200));
    expect((await countersOf(burst.id)).favorite_count).toBe(publicQuestions.length);
  });

  it('refuses a favorite past the cap with 409 favorite_limit_reached in the caller language, and writes nothing', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const [a, b] = publicQuestions;
    expect(
      (await user.client.post('/api/add-question-to-favorite/', { question_id: a!.id, exam_id: publicExam })).status,
    ).toBe(200);
    await setCount(user.id, 'favorite_count', MAX_FAVORITE_QUESTIONS);

    const refused = await user.client.post('/api/add-question-to-favorite/', {
      question_id: b!.id,
      exam_id: publicExam,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'favorite_limit_reached',
      detail: `You can keep up to ${MAX_FAVORITE_QUESTIONS} favorite questions. Remove some favorites, then try again.`,
    });
    expect(await appItem(favoriteEntity.key(user.id, b!.id))).toBeUndefined();
    expect((await countersOf(user.id)).favorite_count).toBe(MAX_FAVORITE_QUESTIONS);

    // Removing one makes room again.
    expect(
      await (await user.client.post('/api/add-question-to-favorite/', { question_id: a!.id })).json(),
    ).toMatchObject({ is_favorite: false });
    expect(
      await (
        await user.client.post('/api/add-question-to-favorite/', { question_id: b!.id, exam_id: publicExam })
      ).json(),
    ).toMatchObject({ is_favorite: true });
    expect((await countersOf(user.id)).favorite_count).toBe(MAX_FAVORITE_QUESTIONS);
  });

  it('refuses an ignore past the cap with 409 ignored_limit_reached (Korean for a Korean caller); ignoring twice is not counted twice', async () => {
    const user = await fixtureUser(apiUrl, { language: 'ko' });
    const [a, b] = publicQuestions;
    for (let i = 0; i < 2; i++) expect((await user.client.post(`/api/question/${a!.id}/ignore/`, {})).status).toBe(200);
    expect((await countersOf(user.id)).ignored_count).toBe(1);
    await setCount(user.id, 'ignored_count', MAX_IGNORED_QUESTIONS);

    const refused = await user.client.post(`/api/question/${b!.id}/ignore/`, {});
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; detail: string };
    expect(body.code).toBe('ignored_limit_reached');
    expect(body.detail).toMatch(/^무시할 수 있는 문제는 최대/);
    expect(await appItem(ignoredEntity.key(user.id, b!.id))).toBeUndefined();
    // Ignoring what is already ignored still answers 200 at the cap.
    expect((await user.client.post(`/api/question/${a!.id}/ignore/`, {})).status).toBe(200);

    for (let i = 0; i < 2; i++)
      expect((await user.client.post(`/api/question/${a!.id}/unignore/`, {})).status).toBe(200);
    expect((await countersOf(user.id)).ignored_count).toBe(MAX_IGNORED_QUESTIONS - 1);
    expect((await user.client.post(`/api/question/${b!.id}/ignore/`, {})).status).toBe(200);
  });
});

describe('evaluate-answer', () => {
  it('uses the stored answer and ignores the body correct_answer', async () => {
    const q = publicQuestions[0]!;
    const user = await fixtureUser(apiUrl);
    const right = await user.client.post('/api/evaluate-answer/', {
      exam_id: publicExam,
      question_id: q.id,
      user_answer: q.answer,
      correct_answer: 'something else entirely',
    });
    expect(right.status).toBe(200);
    const rightBody = (await right.json()) as { is_correct: boolean; reason: string; evaluator: string };
    expect(rightBody).toMatchObject({ is_correct: true, evaluator: 'local' });
    expect(rightBody.reason).toMatch(/정답/);
    const wrong = (await (
      await user.client.post('/api/evaluate-answer/', {
        exam_id: publicExam,
        question_id: q.id,
        user_answer: 'wrong words',
        correct_answer: 'wrong words',
      })
    ).json()) as { is_correct: boolean; reason: string };
    expect(wrong.is_correct).toBe(false);
    expect(wrong.reason.length).toBeGreaterThan(0);
    const english = await fixtureUser(apiUrl, { language: 'en' });
    const en = (await (
      await english.client.post('/api/evaluate-answer/', { exam_id: publicExam, question_id: q.id, user_answer: '' })
    ).json()) as {
      is_correct: boolean;
      reason: string;
    };
    expect(en).toMatchObject({ is_correct: false, reason: 'The answer is empty.' });
    expect(
      (await user.client.post('/api/evaluate-answer/', { exam_id: publicExam, question_id: 'nope', user_answer: 'x' }))
        .status,
    ).toBe(404);
    expect((await user.client.post('/api/evaluate-answer/', { question_id: q.id, user_answer: 'x' })).status).toBe(400);
  });
});

describe('single-question exams', () => {
  it('creates a private exam with that one question, then reuses it', async () => {
    const user = await fixtureUser(apiUrl);
    const q = publicQuestions[1]!;
    const first = await user.client.post('/api/create-single-question-exam/', {
      exam_id: publicExam,
      question_id: q.id,
    });
    expect(first.status, await first.clone().text()).toBe(200);
    const made = (await first.json()) as {
      id: string;
      created: boolean;
      exam: { title: string; is_public: boolean; total_questions: number; created_by: { id: string } };
    };
    expect(made).toMatchObject({
      created: true,
      exam: { is_public: false, total_questions: 1, created_by: { id: user.id } },
    });
    expect(made.exam.title).toContain(q.title);
    const questions = (await (await user.client.get(`/api/exam/${made.id}/questions/`)).json()) as Question[];
    expect(questions.map((x) => x.id)).toEqual([q.id]);
    const again = (await (
      await user.client.post('/api/create-single-question-exam/', { exam_id: publicExam, question_id: q.id })
    ).json()) as { id: string; created: boolean };
    expect(again).toMatchObject({ id: made.id, created: false });
    // A personal exam of the product: not in the user's exam list.
    const mine = (await (await user.client.get('/api/exams/?my_exams=true')).json()) as { results: { id: string }[] };
    expect(mine.results.map((e) => e.id)).not.toContain(made.id);
    // Another user gets their own exam.
    const theirs = (await (
      await other.client.post('/api/create-single-question-exam/', { exam_id: publicExam, question_id: q.id })
    ).json()) as { id: string };
    expect(theirs.id).not.toBe(made.id);
    // Deleted → a new one, despite the title claim of the old one being gone / a taken title.
    expect((await user.client.delete(`/api/exam/${made.id}/`)).status).toBe(200);
    const third = (await (
      await user.client.post('/api/create-single-question-exam/', { exam_id: publicExam, question_id: q.id })
    ).json()) as { id: string; created: boolean };
    expect(third.created).toBe(true);
    expect(third.id).not.toBe(made.id);
  });

  it('refuses unknown questions and unreadable exams', async () => {
    const user = await fixtureUser(apiUrl);
    const q = publicQuestions[2]!;
    expect(
      (await user.client.post('/api/create-single-question-exam/', { exam_id: publicExam, question_id: 'missing' }))
        .status,
    ).toBe(404);
    expect(
      (await user.client.post('/api/create-single-question-exam/', { exam_id: privateExam, question_id: q.id })).status,
    ).toBe(404);
    expect(
      (await user.client.post('/api/create-single-question-exam/', { exam_id: 'bad', question_id: q.id })).status,
    ).toBe(404);
    expect((await user.client.post('/api/create-single-question-exam/', { exam_id: publicExam })).status).toBe(400);
  });

  it('a taken derived title gets a suffix', async () => {
    const user = await fixtureUser(apiUrl);
    const q = publicQuestions[3]!;
    const exam = (await (await user.client.get(`/api/exam/${publicExam}/?select=display_title`)).json()) as {
      display_title: string;
    };
    await createExam(user, { title: `${exam.display_title} – ${q.title}`, question_count: 0 });
    const made = await user.client.post('/api/create-single-question-exam/', {
      exam_id: publicExam,
      question_id: q.id,
    });
    expect(made.status).toBe(200);
    const body = (await made.json()) as { created: boolean; exam: { title: string } };
    expect(body.created).toBe(true);
    expect(body.exam.title).toMatch(/ #[0-9a-z]{4}$/);
  });
});

describe('connected studies', () => {
  // Links made by real studies, their visibility and membership rules: tests/integration/studies.test.ts.
  it('is empty for an exam no study task links, and 404 for an unknown exam', async () => {
    const res = await owner.client.get(`/api/exam/${publicExam}/connected-studies/`);
    expect(await res.json()).toEqual({ success: true, connected_studies: [] });
    expect((await owner.client.get('/api/exam/unknownexamid0000000/connected-studies/')).status).toBe(404);
  });
});
