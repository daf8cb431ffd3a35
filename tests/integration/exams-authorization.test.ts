import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank, type UploadedFile } from '../support/exam-fixtures.js';
import { multipartForm, xlsxBytes, KO_HEADER, questionRows } from '../support/sheets.js';
import type { TestClient } from '../support/http-client.js';
import { settledJob } from '../support/export-jobs.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Who = 'anonymous' | 'owner' | 'other' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'admin'];

interface Fixture {
  owner: FixtureUser;
  clients: Record<Who, TestClient>;
  privateExam: string;
  publicExam: string;
  privateFile: UploadedFile;
  publicFile: UploadedFile;
}

let f: Fixture;

beforeAll(async () => {
  const owner = await fixtureUser(apiUrl);
  const other = await fixtureUser(apiUrl);
  const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  const privateFile = await uploadBank(owner, `authz-private-${uniqueSuffix()}.xlsx`, 4, false);
  const publicFile = await uploadBank(owner, `authz-public-${uniqueSuffix()}.xlsx`, 4, true);
  f = {
    owner,
    clients: {
      anonymous: await anonymousClient(apiUrl),
      owner: owner.client,
      other: other.client,
      admin: admin.client,
    },
    privateExam: (
      await createExam(owner, {
        title: `authz private ${uniqueSuffix()}`,
        question_count: 4,
        file_id: privateFile.id,
        is_public: false,
      })
    ).id,
    publicExam: (
      await createExam(owner, {
        title: `authz public ${uniqueSuffix()}`,
        question_count: 2,
        file_id: publicFile.id,
        is_public: true,
      })
    ).id,
    privateFile,
    publicFile,
  };
});

/** A setup that answers the id of the exam's first question. */
const firstQuestionOf = (examId: () => string) => async () => {
  const res = await f.owner.client.get(`/api/exam/${examId()}/questions/`);
  return ((await res.json()) as { id: string }[])[0]!.id;
};

/**
 * One row of the matrix: `call` makes the request as each caller; `setup` (optional) makes a fresh
 * resource first (as the owner) for destructive routes.
 */
/** A finished export job the owner started (of the private file unless `path` says otherwise). */
async function ownerExportJob(path = `/api/question-files/${f.privateFile.id}/export/?format=csv`): Promise<string> {
  const started = await f.owner.client.post(path);
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  expect(await settledJob(f.owner.client, id)).toMatchObject({ status: 'done' });
  return id;
}

function row(
  name: string,
  expected: Record<Who, number>,
  call: (client: TestClient, resource: string) => Promise<Response>,
  setup?: () => Promise<string>,
) {
  it(name, async () => {
    const seen: Record<string, number> = {};
    for (const who of WHO) {
      const resource = setup ? await setup() : '';
      const res = await call(f.clients[who], resource);
      seen[who] = res.status;
    }
    expect(seen).toEqual(expected);
  });
}

const privateExam = () =>
  createExam(f.owner, {
    title: `doomed ${uniqueSuffix()}`,
    question_count: 1,
    file_id: f.privateFile.id,
    is_public: false,
  }).then((e) => e.id);
const publicExam = () =>
  createExam(f.owner, {
    title: `doomed ${uniqueSuffix()}`,
    question_count: 1,
    file_id: f.publicFile.id,
    is_public: true,
  }).then((e) => e.id);
async function privateFile(): Promise<string> {
  return (await uploadBank(f.owner, `doomed-${uniqueSuffix()}.xlsx`, 1, false)).id;
}
async function publicFile(): Promise<string> {
  return (await uploadBank(f.owner, `doomed-${uniqueSuffix()}.xlsx`, 1, true)).id;
}

describe('authorization matrix: exams', () => {
  row('GET private exam', { anonymous: 404, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/exam/${f.privateExam}/`),
  );
  row('GET public exam', { anonymous: 200, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get(`/api/exam/${f.publicExam}/`),
  );
  row('GET private exam questions', { anonymous: 404, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/exam/${f.privateExam}/questions/`),
  );
  row('GET public exam questions', { anonymous: 200, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get(`/api/exam/${f.publicExam}/questions/`),
  );
  row('GET exams (public)', { anonymous: 200, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/exams/?is_public=true&page_size=1'),
  );
  row('GET my exams', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/exams/?my_exams=true&page_size=1'),
  );
  // Own count only: the route takes no user, so every signed-in caller reads their own (D120).
  row('GET due-today', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) => c.get('/api/due-today/'));
  row('GET review-activity', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/review-activity/'),
  );
  // The Review screen: the caller's own cards only; a grade names a question of an exam the caller reads.
  row('GET review-queue', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) => c.get('/api/review-queue/'));
  row('GET review-queue of a private exam', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/review-queue/?exam_id=${f.privateExam}`),
  );
  row('GET review-offline', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/review-offline/'),
  );
  row('GET review-offline of a private exam', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/review-offline/?exam_id=${f.privateExam}`),
  );
  row('GET review-queue of an unknown study', { anonymous: 401, owner: 404, other: 404, admin: 404 }, (c) =>
    c.get('/api/review-queue/?study_id=nostudy'),
  );
  row(
    'POST review-grade on a private exam',
    { anonymous: 401, owner: 200, other: 404, admin: 200 },
    (c, questionId) =>
      c.post('/api/review-grade/', {
        grade_id: `g${uniqueSuffix()}`,
        question_id: questionId,
        exam_id: f.privateExam,
        rating: 3,
      }),
    firstQuestionOf(() => f.privateExam),
  );
  // After the row above: the owner and the admin have a grade to take back, the other user none.
  row('POST review-undo', { anonymous: 401, owner: 200, other: 409, admin: 200 }, (c) => c.post('/api/review-undo/'));
  // A named grade lives in the caller's own partition: another's id is nothing to undo (D304).
  row('POST review-undo of an unknown grade id', { anonymous: 401, owner: 409, other: 409, admin: 409 }, (c) =>
    c.post('/api/review-undo/', { grade_id: `g${uniqueSuffix()}` }),
  );
  // Burying writes the caller's own day item only (D305).
  row(
    'POST review-bury',
    { anonymous: 401, owner: 200, other: 200, admin: 200 },
    (c, questionId) => c.post('/api/review-bury/', { question_id: questionId, buried: true }),
    firstQuestionOf(() => f.privateExam),
  );
  row('GET review-leeches', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/review-leeches/'),
  );
  // Postpone, advance and the retention helper name no user: each caller moves or simulates their own cards.
  row('POST review-postpone', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/review-postpone/', { operation_id: `op-${uniqueSuffix()}`, count: 5 }),
  );
  row('POST review-advance', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/review-advance/', { operation_id: `op-${uniqueSuffix()}`, count: 5 }),
  );
  row('GET review-workload', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/review-workload/'),
  );
  row('POST create-exam', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/create-exam/', { title: `new ${uniqueSuffix()}`, question_count: 0 }),
  );
  row('POST create-exam from a private file of another', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.post('/api/create-exam/', { title: `from file ${uniqueSuffix()}`, question_count: 1, file_id: f.privateFile.id }),
  );
  row(
    'POST create-exam copying a private exam of another',
    { anonymous: 401, owner: 200, other: 404, admin: 200 },
    (c) =>
      c.post('/api/create-exam/', {
        title: `copy ${uniqueSuffix()}`,
        questions: [`${f.privateFile.id}-1`],
        exam_id: f.privateExam,
      }),
  );
  // Private stays private: an exam is private unless asked otherwise, and an exam of private questions is
  // public only when its creator (or a site admin) confirms it.
  const unflaggedFromPrivateFile = () =>
    createExam(f.owner, { title: `unflagged ${uniqueSuffix()}`, question_count: 2, file_id: f.privateFile.id }).then(
      (e) => e.id,
    );
  row(
    'GET an exam created from a private file without is_public',
    { anonymous: 404, owner: 200, other: 404, admin: 200 },
    (c, id) => c.get(`/api/exam/${id}/questions/`),
    unflaggedFromPrivateFile,
  );
  row(
    'POST create-exam public from a private file, unconfirmed',
    { anonymous: 401, owner: 409, other: 404, admin: 409 },
    (c) =>
      c.post('/api/create-exam/', {
        title: `publish ${uniqueSuffix()}`,
        question_count: 1,
        file_id: f.privateFile.id,
        is_public: true,
      }),
  );
  row(
    'POST create-exam public from a private file, confirmed',
    { anonymous: 401, owner: 200, other: 404, admin: 200 },
    (c) =>
      c.post('/api/create-exam/', {
        title: `publish ${uniqueSuffix()}`,
        question_count: 1,
        file_id: f.privateFile.id,
        is_public: true,
        confirm_private_questions: true,
      }),
  );
  row(
    'PATCH publish an exam of private questions, unconfirmed',
    { anonymous: 401, owner: 409, other: 404, admin: 409 },
    (c, id) => c.patch(`/api/exam/${id}/update/`, { is_public: true }),
    unflaggedFromPrivateFile,
  );
  row(
    'PATCH publish an exam of private questions, confirmed',
    { anonymous: 401, owner: 200, other: 404, admin: 200 },
    (c, id) => c.patch(`/api/exam/${id}/update/`, { is_public: true, confirm_private_questions: true }),
    unflaggedFromPrivateFile,
  );
  row(
    'DELETE private exam',
    { anonymous: 401, owner: 200, other: 404, admin: 200 },
    (c, id) => c.delete(`/api/exam/${id}/`),
    privateExam,
  );
  row(
    'DELETE public exam (legacy path)',
    { anonymous: 401, owner: 200, other: 403, admin: 200 },
    (c, id) => c.delete(`/api/exam/${id}/delete/`),
    publicExam,
  );
  row('POST retake private exam', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.post(`/api/exam/${f.privateExam}/retake/`),
  );
  row('POST retake public exam', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post(`/api/exam/${f.publicExam}/retake/`),
  );
  row('POST wrong-questions of private exam', { anonymous: 401, owner: 400, other: 404, admin: 400 }, (c) =>
    c.post(`/api/exam/${f.privateExam}/wrong-questions/`),
  );
  row('POST toggle-original', { anonymous: 401, owner: 403, other: 403, admin: 200 }, (c) =>
    c.post(`/api/exam/${f.publicExam}/toggle-original/`),
  );
  row('PATCH update private exam', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.patch(`/api/exam/${f.privateExam}/update/`, { description: 'x' }),
  );
  row('PATCH update public exam', { anonymous: 401, owner: 200, other: 403, admin: 200 }, (c) =>
    c.patch(`/api/exam/${f.publicExam}/update/`, { force_answer: true }),
  );
  row('POST bulk-toggle', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/exam-subscription/bulk-toggle/', { exam_ids: [f.publicExam], action: 'subscribe' }),
  );
  row('GET subscribed exams', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/user-exams/subscribed-exams/'),
  );
  row('POST move-to-subscribed', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/user-exams/move-to-subscribed/', { exam_ids: [f.publicExam] }),
  );
  row('POST move-to-my-exams', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/user-exams/move-to-my-exams/', { exam_ids: [f.publicExam] }),
  );

  it('never subscribes another user to a private exam', async () => {
    const res = await f.clients.other.post('/api/exam-subscription/bulk-toggle/', {
      exam_ids: [f.privateExam],
      action: 'subscribe',
    });
    expect(((await res.json()) as { not_found: string[] }).not_found).toEqual([f.privateExam]);
  });
});

describe('authorization matrix: question files and tags', () => {
  row('GET question files', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/question-files/'),
  );
  row('GET check-existing', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get(`/api/question-files/check-existing/${encodeURIComponent(f.privateFile.name)}/`),
  );
  row('GET download private file', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/question-files/${f.privateFile.id}/download/`),
  );
  row('GET download public file', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get(`/api/question-files/${f.publicFile.id}/download/`),
  );
  row('GET export private file', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/question-files/${f.privateFile.id}/export/?format=csv`),
  );
  row('GET export public file', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get(`/api/question-files/${f.publicFile.id}/export/?format=txt`),
  );
  row('GET export private exam', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.get(`/api/exam/${f.privateExam}/export/?format=xlsx`),
  );
  row('GET export public exam', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get(`/api/exam/${f.publicExam}/export/?format=csv`),
  );
  // Background exports (D198): only a reader of the file or exam may start one; the job is its starter's alone.
  row('POST export private file', { anonymous: 401, owner: 202, other: 404, admin: 202 }, (c) =>
    c.post(`/api/question-files/${f.privateFile.id}/export/?format=csv`),
  );
  row('POST export public file', { anonymous: 401, owner: 202, other: 202, admin: 202 }, (c) =>
    c.post(`/api/question-files/${f.publicFile.id}/export/?format=xlsx`),
  );
  row('POST export private exam', { anonymous: 401, owner: 202, other: 404, admin: 202 }, (c) =>
    c.post(`/api/exam/${f.privateExam}/export/?format=txt`),
  );
  row('POST export public exam', { anonymous: 401, owner: 202, other: 202, admin: 202 }, (c) =>
    c.post(`/api/exam/${f.publicExam}/export/?format=csv`),
  );
  row(
    "GET the owner's private file export job",
    { anonymous: 401, owner: 200, other: 404, admin: 404 },
    (c, id) => c.get(`/api/exports/${id}/`),
    ownerExportJob,
  );
  row(
    "GET the owner's private exam export download",
    { anonymous: 401, owner: 302, other: 404, admin: 404 },
    (c, id) => c.get(`/api/exports/${id}/download/`),
    async () => ownerExportJob(`/api/exam/${f.privateExam}/export/?format=xlsx`),
  );
  row('PATCH private file', { anonymous: 401, owner: 200, other: 404, admin: 200 }, (c) =>
    c.patch(`/api/question-files/${f.privateFile.id}/`, { is_public: false }),
  );
  row('PATCH public file', { anonymous: 401, owner: 200, other: 403, admin: 200 }, (c) =>
    c.patch(`/api/question-files/${f.publicFile.id}/`, { is_public: true }),
  );
  row(
    'DELETE private file',
    { anonymous: 401, owner: 200, other: 404, admin: 200 },
    (c, id) => c.delete(`/api/question-files/${id}/delete/`),
    privateFile,
  );
  row(
    'DELETE public file',
    { anonymous: 401, owner: 200, other: 403, admin: 200 },
    (c, id) => c.delete(`/api/question-files/${id}/delete/`),
    publicFile,
  );
  row('POST upload-questions', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.request('POST', '/api/upload-questions/', {
      body: multipartForm(
        { is_public: 'false' },
        { name: `up-${uniqueSuffix()}.xlsx`, bytes: xlsxBytes([KO_HEADER, ...questionRows(1)]) },
      ),
    }),
  );
  row('POST upload-url', { anonymous: 401, owner: 200, other: 200, admin: 200 }, (c) =>
    c.post('/api/question-files/upload-url/', { file_name: 'a.xlsx', size: 1000 }),
  );
  row('POST import', { anonymous: 401, owner: 404, other: 404, admin: 404 }, (c) =>
    c.post('/api/question-files/import/', { upload_id: 'a'.repeat(24), file_name: 'a.xlsx' }),
  );
  row('POST preview', { anonymous: 401, owner: 404, other: 404, admin: 404 }, (c) =>
    c.post('/api/question-files/preview/', { upload_id: 'a'.repeat(24), file_name: 'a.csv' }),
  );
  row('GET sample', { anonymous: 200, owner: 200, other: 200, admin: 200 }, (c) =>
    c.get('/api/question-files/samples/en/'),
  );
  row('GET tags', { anonymous: 200, owner: 200, other: 200, admin: 200 }, (c) => c.get('/api/tags/'));
  row('GET studies tags', { anonymous: 200, owner: 200, other: 200, admin: 200 }, (c) => c.get('/api/studies/tags/'));
  row('POST tags', { anonymous: 401, owner: 201, other: 201, admin: 201 }, (c) =>
    c.post('/api/tags/', { name: `tag ${uniqueSuffix()}` }),
  );
});
