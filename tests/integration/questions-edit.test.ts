import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank, type UploadedFile } from '../support/exam-fixtures.js';
import type { TestClient } from '../support/http-client.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Who = 'anonymous' | 'owner' | 'other' | 'studyAdmin' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'studyAdmin', 'admin'];

let owner: FixtureUser;
let other: FixtureUser;
let admin: FixtureUser;
let clients: Record<Who, TestClient>;
let publicFile: UploadedFile;
let privateFile: UploadedFile;

interface Question {
  id: string;
  csv_id: string;
  title: string;
  content: string;
  answer: string;
  explanation: string;
  difficulty: string;
  url: string;
  order: number;
  title_ko: string;
  title_en: string;
}

async function questionsOf(examId: string, client = owner.client): Promise<Question[]> {
  const res = await client.get(`/api/exam/${examId}/questions/`);
  expect(res.status).toBe(200);
  return (await res.json()) as Question[];
}

async function examOf(examId: string, client = owner.client): Promise<{ total_questions: number }> {
  const res = await client.get(`/api/exam/${examId}/?select=total_questions`);
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

const newExam = (isPublic: boolean, count = 3) =>
  createExam(owner, {
    title: `qedit ${uniqueSuffix()}`,
    question_count: count,
    file_id: (isPublic ? publicFile : privateFile).id,
    is_public: isPublic,
  }).then((e) => e.id);

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  other = await fixtureUser(apiUrl);
  admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  const studyAdmin = await fixtureUser(apiUrl, { role: 'study_admin_role' });
  clients = {
    anonymous: await anonymousClient(apiUrl),
    owner: owner.client,
    other: other.client,
    studyAdmin: studyAdmin.client,
    admin: admin.client,
  };
  publicFile = await uploadBank(owner, `qedit-public-${uniqueSuffix()}.xlsx`, 6, true);
  privateFile = await uploadBank(owner, `qedit-private-${uniqueSuffix()}.xlsx`, 6, false);
});

/** Each caller acts on a fresh exam (as the owner made it): status per caller. */
async function matrix(isPublic: boolean, call: (client: TestClient, examId: string, q: Question) => Promise<Response>) {
  const seen: Record<string, number> = {};
  for (const who of WHO) {
    const examId = await newExam(isPublic);
    const [q] = await questionsOf(examId);
    seen[who] = (await call(clients[who], examId, q!)).status;
  }
  return seen;
}

const edit = (c: TestClient, examId: string, q: Question) =>
  c.patch(`/api/questions/${q.id}/update/`, { exam_id: examId, title: 'edited', content: 'c', answer: 'a' });
const add = (c: TestClient, examId: string) =>
  c.post(`/api/exam/${examId}/add-question/`, { title: 'new', content: 'c', answer: 'a' });
const remove = (c: TestClient, examId: string, q: Question) => c.delete(`/api/questions/${q.id}/?exam_id=${examId}`);

describe('authorization matrix: question edits (study_admin_role alone grants nothing: canEditExam)', () => {
  it('PATCH questions/{id}/update on a public exam', async () => {
    expect(await matrix(true, edit)).toEqual({ anonymous: 401, owner: 200, other: 403, studyAdmin: 403, admin: 200 });
  });
  it('PATCH questions/{id}/update on a private exam', async () => {
    expect(await matrix(false, edit)).toEqual({ anonymous: 401, owner: 200, other: 404, studyAdmin: 404, admin: 200 });
  });
  it('POST exam/{examId}/add-question on a public exam', async () => {
    expect(await matrix(true, add)).toEqual({ anonymous: 401, owner: 200, other: 403, studyAdmin: 403, admin: 200 });
  });
  it('POST exam/{examId}/add-question on a private exam', async () => {
    expect(await matrix(false, add)).toEqual({ anonymous: 401, owner: 200, other: 404, studyAdmin: 404, admin: 200 });
  });
  it('DELETE questions/{id} on a public exam', async () => {
    expect(await matrix(true, remove)).toEqual({ anonymous: 401, owner: 200, other: 403, studyAdmin: 403, admin: 200 });
  });
  it('DELETE questions/{id} on a private exam', async () => {
    expect(await matrix(false, remove)).toEqual({
      anonymous: 401,
      owner: 200,
      other: 404,
      studyAdmin: 404,
      admin: 200,
    });
  });
});

describe('edit one question', () => {
  it('changes only the copy in that exam, in the caller language fields', async () => {
    const examA = await newExam(true, 6);
    const examB = await createExam(owner, {
      title: `qedit copy ${uniqueSuffix()}`,
      questions: (await questionsOf(examA)).map((q) => q.id),
      exam_id: examA,
    }).then((e) => e.id);
    const [q] = await questionsOf(examA);
    const res = await owner.client.patch(`/api/questions/${q!.id}/update/`, {
      exam_id: examA,
      title: ' 바뀐 제목 ',
      content: '바뀐 내용',
      answer: '바뀐 정답',
      explanation: ' ',
      difficulty: '어려움',
      url: 'nan',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Question;
    expect(body).toMatchObject({
      id: q!.id,
      title: '바뀐 제목',
      title_ko: '바뀐 제목',
      content: '바뀐 내용',
      answer: '바뀐 정답',
      explanation: '',
      difficulty: 'Hard',
      url: '',
      order: q!.order,
    });
    expect((await questionsOf(examA)).find((x) => x.id === q!.id)!.title).toBe('바뀐 제목');
    expect((await questionsOf(examB)).find((x) => x.id === q!.id)!.title).toBe(q!.title);
  });

  it('writes English text to the _en fields for an English caller', async () => {
    const english = await fixtureUser(apiUrl, { language: 'en' });
    const examId = await createExam(english, {
      title: `qedit en ${uniqueSuffix()}`,
      question_count: 0,
      is_public: false,
    }).then((e) => e.id);
    const res = await english.client.post(`/api/exam/${examId}/add-question/`, {
      title: 'Title',
      content: 'Content',
      answer: 'Answer',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      title: 'Title',
      title_en: 'Title',
      title_ko: '',
      created_language: 'en',
      is_en_complete: true,
      is_ko_complete: false,
    });
  });

  it('refuses blank required fields with question_required_fields', async () => {
    const examId = await newExam(true);
    const [q] = await questionsOf(examId);
    for (const body of [{ title: '   ' }, { content: '' }, { answer: ' ' }]) {
      const res = await owner.client.patch(`/api/questions/${q!.id}/update/`, { exam_id: examId, ...body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('question_required_fields');
    }
    const res = await owner.client.post(`/api/exam/${examId}/add-question/`, { title: 't', content: 'c', answer: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('question_required_fields');
  });

  it('answers 404 for a question that is not in the named exam, and 400 without exam_id', async () => {
    const examA = await newExam(true);
    const examB = await newExam(true);
    const [q] = await questionsOf(examA);
    const inOther = await owner.client.patch(`/api/questions/${q!.id}/update/`, {
      exam_id: examB,
      title: 'x',
      content: 'y',
      answer: 'z',
    });
    // The bank has 6 questions and each exam 3 random ones: the id may be in both.
    if (!(await questionsOf(examB)).some((x) => x.id === q!.id)) expect(inOther.status).toBe(404);
    expect((await owner.client.patch(`/api/questions/nope/update/`, { exam_id: examA, title: 'x' })).status).toBe(404);
    expect((await owner.client.patch(`/api/questions/${q!.id}/update/`, { title: 'x' })).status).toBe(400);
    expect((await owner.client.delete(`/api/questions/${q!.id}/`)).status).toBe(400);
    expect(
      (await owner.client.patch(`/api/questions/${q!.id}/update/`, { exam_id: 'not-an-exam', title: 'x' })).status,
    ).toBe(404);
  });
});

describe('add and delete', () => {
  it('adds with the next csv_id, Medium, id <examId>-<position>, and counts it', async () => {
    const examId = await newExam(true, 3);
    const before = await questionsOf(examId);
    const highestCsv = Math.max(...before.map((q) => Number(q.csv_id)));
    const res = await owner.client.post(`/api/exam/${examId}/add-question/`, {
      title: '새 문제',
      content: '내용',
      answer: '정답',
      url: 'NaN',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const added = (await res.json()) as Question;
    expect(added).toMatchObject({
      id: `${examId}-4`,
      csv_id: String(highestCsv + 1),
      difficulty: 'Medium',
      order: 4,
      url: '',
      title: '새 문제',
    });
    const second = (await (
      await owner.client.post(`/api/exam/${examId}/add-question/`, {
        title: 'b',
        content: 'c',
        answer: 'd',
        csv_id: 'X-9',
        difficulty: 'Easy',
      })
    ).json()) as Question;
    expect(second).toMatchObject({ id: `${examId}-5`, csv_id: 'X-9', difficulty: 'Easy' });
    expect((await examOf(examId)).total_questions).toBe(5);
    const after = await questionsOf(examId);
    expect(after.map((q) => q.id)).toEqual([...before.map((q) => q.id), added.id, second.id]);
    // Freshly added questions can be edited at once (the index may lag; the exam read does not).
    const edited = await owner.client.patch(`/api/questions/${second.id}/update/`, { exam_id: examId, title: 'b2' });
    expect(edited.status).toBe(200);
  });

  it('concurrent adds get distinct positions', async () => {
    const examId = await newExam(true, 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        owner.client.post(`/api/exam/${examId}/add-question/`, { title: `p${i}`, content: 'c', answer: 'a' }),
      ),
    );
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as Question).id));
    expect(new Set(ids).size).toBe(5);
    expect((await examOf(examId)).total_questions).toBe(6);
  });

  it('delete keeps the positions of the others and decrements total_questions; deleting again is 404', async () => {
    const examId = await newExam(true, 3);
    const before = await questionsOf(examId);
    const res = await owner.client.delete(`/api/questions/${before[1]!.id}/?exam_id=${examId}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    const after = await questionsOf(examId);
    expect(after.map((q) => [q.id, q.order])).toEqual([before[0], before[2]].map((q) => [q!.id, q!.order]));
    expect((await examOf(examId)).total_questions).toBe(2);
    expect((await owner.client.delete(`/api/questions/${before[1]!.id}/?exam_id=${examId}`)).status).toBe(404);
    const added = (await (
      await owner.client.post(`/api/exam/${examId}/add-question/`, { title: 'n', content: 'c', answer: 'a' })
    ).json()) as Question;
    expect(added.order).toBe(4);
  });

  it('the position counter item goes with the exam', async () => {
    const examId = await newExam(true, 1);
    await owner.client.post(`/api/exam/${examId}/add-question/`, { title: 'n', content: 'c', answer: 'a' });
    expect((await owner.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
    const { Item } = await dynamoDocument().send(
      new GetCommand({ TableName: config.appTable, Key: { pk: examEntity.partition(examId), sk: 'QSEQ' } }),
    );
    expect(Item).toBeUndefined();
  });
});

describe('a cloze note written in the editor', () => {
  it('is one card per add, made by the server from the note; an edit keeps its number, plain text ends it', async () => {
    const examId = await newExam(false, 1);
    const note = '{{c1::Hangul}} was made in {{c2::1443::year}}';
    const add = async (cloze: number) => {
      const res = await owner.client.post(`/api/exam/${examId}/add-question/`, {
        title: 'hangul',
        content: note,
        // A client's answer is not what a cloze card takes: its gap is.
        answer: 'ignored',
        cloze,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Question & { cloze?: number; cloze_note?: string };
    };
    const second = await add(2);
    expect(second).toMatchObject({ content: 'Hangul was made in [year]', answer: '1443', cloze: 2, cloze_note: note });
    const first = await add(1);
    expect(first).toMatchObject({ content: '[…] was made in 1443', answer: 'Hangul', cloze: 1 });

    const edited = `${note} by {{c3::Sejong}}`;
    const update = await owner.client.patch(`/api/questions/${second.id}/update/`, {
      exam_id: examId,
      content: edited,
    });
    expect(await update.json()).toMatchObject({ content: 'Hangul was made in [year] by Sejong', cloze: 2 });
    const plain = await owner.client.patch(`/api/questions/${second.id}/update/`, {
      exam_id: examId,
      content: 'When was Hangul made?',
      answer: '1443',
    });
    const after = (await plain.json()) as Record<string, unknown>;
    expect(after).toMatchObject({ content: 'When was Hangul made?', answer: '1443' });
    expect(after.cloze).toBeUndefined();
    const bad = await owner.client.post(`/api/exam/${examId}/add-question/`, {
      title: 't',
      content: note,
      answer: '',
      cloze: 0,
    });
    expect(bad.status).toBe(400);
  });
});
