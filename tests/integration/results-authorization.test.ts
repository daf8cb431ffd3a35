import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appItem } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * Who may do what with results: anonymous callers get 401 everywhere; a result is its taker's
 * (others get 404, as if it did not exist); site admins may read and delete anyone's result and
 * read anyone's statistics; a study admin (study_admin_role) has no extra rights over results.
 */
type Who = 'anonymous' | 'owner' | 'other' | 'admin' | 'studyAdmin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'admin', 'studyAdmin'];

let owner: FixtureUser;
let clients: Record<Who, TestClient>;
let publicExam: string;
let privateExam: string;
let questionId: string;
let privateQuestionId: string;

async function ownersResult(): Promise<string> {
  const res = await owner.client.post('/api/submit-exam/', {
    exam_id: publicExam,
    submission_id: randomUUID(),
    answers: [{ question_id: questionId, answer: 'x' }],
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result_id: string }).result_id;
}

/** The owner's result and the cursor of its first details page (`<tag>.1`, read from the stored result: answers start at page 2). */
async function resultAndFirstCursor(): Promise<string> {
  const id = await theResult();
  const item = await appItem({ pk: `USER#${owner.id}`, sk: `RESULT#${id}` });
  return `${id} ${String(item?.detail_tag)}.1`;
}

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  const other = await fixtureUser(apiUrl);
  const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  const studyAdmin = await fixtureUser(apiUrl, { role: 'study_admin_role' });
  clients = {
    anonymous: await anonymousClient(apiUrl),
    owner: owner.client,
    other: other.client,
    admin: admin.client,
    studyAdmin: studyAdmin.client,
  };
  const publicFile = await uploadBank(owner, `results-authz-${uniqueSuffix()}.xlsx`, 3, true);
  const privateFile = await uploadBank(owner, `results-authz-${uniqueSuffix()}.xlsx`, 3, false);
  publicExam = (
    await createExam(owner, {
      title: `results authz ${uniqueSuffix()}`,
      question_count: 3,
      file_id: publicFile.id,
      is_public: true,
    })
  ).id;
  privateExam = (
    await createExam(owner, {
      title: `results authz ${uniqueSuffix()}`,
      question_count: 3,
      file_id: privateFile.id,
      is_public: false,
    })
  ).id;
  questionId = ((await (await owner.client.get(`/api/exam/${publicExam}/questions/`)).json()) as { id: string }[])[0]!
    .id;
  privateQuestionId = (
    (await (await owner.client.get(`/api/exam/${privateExam}/questions/`)).json()) as { id: string }[]
  )[0]!.id;
});

function row(
  name: string,
  expected: Record<Who, number>,
  call: (client: TestClient, resource: string) => Promise<Response>,
  setup?: () => Promise<string>,
) {
  it(name, async () => {
    const seen: Record<string, number> = {};
    const shared = setup ? '' : await Promise.resolve('');
    for (const who of WHO) {
      const resource = setup ? await setup() : shared;
      seen[who] = (await call(clients[who], resource)).status;
    }
    expect(seen).toEqual(expected);
  });
}

let sharedResult = '';
const theResult = async () => (sharedResult ||= await ownersResult());

describe('authorization matrix: results', () => {
  row('POST submit-exam (public exam)', { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 }, (c) =>
    c.post('/api/submit-exam/', { exam_id: publicExam, answers: [{ question_id: questionId, answer: randomUUID() }] }),
  );
  row(
    'POST submit-exam (private exam of the owner)',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c) =>
      c.post('/api/submit-exam/', {
        exam_id: privateExam,
        answers: [{ question_id: privateQuestionId, answer: randomUUID() }],
      }),
  );
  row(
    'POST exam/{examId}/continue (the owner’s result)',
    { anonymous: 401, owner: 200, other: 404, admin: 404, studyAdmin: 404 },
    (c, id) =>
      c.post(`/api/exam/${publicExam}/continue/`, {
        previous_result_id: id,
        answers: [{ question_id: questionId, answer: randomUUID() }],
      }),
    theResult,
  );
  row('GET exam-results', { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 }, (c) =>
    c.get('/api/exam-results/'),
  );
  row('GET exam-results?exam_id&latest', { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 }, (c) =>
    c.get(`/api/exam-results/?exam_id=${publicExam}&latest=true`),
  );
  row('GET exam-results/summary', { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 }, (c) =>
    c.get('/api/exam-results/summary/'),
  );
  row(
    'GET exam-result/{id}',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c, id) => c.get(`/api/exam-result/${id}/`),
    theResult,
  );
  row(
    'GET exam-result/{id}/details (page 1 of the owner’s result)',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c, resource) => {
      const [id, cursor] = resource.split(' ');
      return c.get(`/api/exam-result/${id}/details/?cursor=${cursor}`);
    },
    resultAndFirstCursor,
  );
  row(
    'DELETE exam-result/{id}',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c, id) => c.delete(`/api/exam-result/${id}/`),
    ownersResult,
  );
  row(
    'GET exam/{examId}/question-statistics (own)',
    { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 },
    (c) => c.get(`/api/exam/${publicExam}/question-statistics/`),
  );
  row(
    'GET exam/{examId}/question-statistics (private exam)',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c) => c.get(`/api/exam/${privateExam}/question-statistics/`),
  );
  row(
    'GET exam/{examId}/question-statistics?user_id=<owner>',
    { anonymous: 401, owner: 200, other: 403, admin: 200, studyAdmin: 403 },
    (c) => c.get(`/api/exam/${publicExam}/question-statistics/?user_id=${owner.id}`),
  );
  row(
    'POST adjust-question-accuracy (public exam, own statistics)',
    { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 },
    (c) =>
      c.post('/api/adjust-question-accuracy/', {
        question_id: questionId,
        exam_id: publicExam,
        adjustment_type: 'clear',
      }),
  );
  row(
    'POST adjust-question-accuracy (private exam)',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c) =>
      c.post('/api/adjust-question-accuracy/', {
        question_id: privateQuestionId,
        exam_id: privateExam,
        adjustment_type: 'ambiguous',
      }),
  );
  // A sitting is its taker's own (one per user and exam); writing one needs the exam readable.
  const sittingState = () => ({
    question_order: [privateQuestionId],
    current_index: 0,
    answers: {},
    answered: [],
    overrules: {},
    elapsed_seconds: 0,
    question_times: {},
    previous_result_id: null,
    saved: [],
  });
  row('GET exam/{examId}/sitting (own)', { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 }, (c) =>
    c.get(`/api/exam/${privateExam}/sitting/`),
  );
  row(
    'PUT exam/{examId}/sitting (private exam)',
    { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 404 },
    (c) => c.put(`/api/exam/${privateExam}/sitting/`, { expected_version: 0, state: sittingState() }),
  );
  row(
    'DELETE exam/{examId}/sitting (own)',
    { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 },
    (c) => c.delete(`/api/exam/${privateExam}/sitting/`),
  );
  row(
    'POST exam/{examId}/sitting/close (own; D296)',
    { anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 },
    (c) => c.post(`/api/exam/${privateExam}/sitting/close/`, {}),
  );
  it('one user’s sitting is never another’s', async () => {
    expect(
      (
        await clients.owner.put(`/api/exam/${publicExam}/sitting/`, {
          expected_version: 0,
          state: { ...sittingState(), question_order: [questionId] },
        })
      ).status,
    ).toBe(200);
    const seen = (await (await clients.other.get(`/api/exam/${publicExam}/sitting/`)).json()) as { sitting: unknown };
    expect(seen.sitting).toBeNull();
    // Another's close closes their own (none): the owner's sitting stays.
    expect(await (await clients.other.post(`/api/exam/${publicExam}/sitting/close/`, {})).json()).toEqual({
      counted: 0,
      result_id: null,
    });
    const kept = (await (await clients.owner.get(`/api/exam/${publicExam}/sitting/`)).json()) as { sitting: unknown };
    expect(kept.sitting).not.toBeNull();
    expect((await clients.owner.delete(`/api/exam/${publicExam}/sitting/`)).status).toBe(200);
  });

  it('refuses a malformed or out-of-range details cursor with 400 and a code, in both languages', async () => {
    const [id, first] = (await resultAndFirstCursor()).split(' ') as [string, string];
    const malformed = await clients.owner.get(`/api/exam-result/${id}/details/?cursor=not-a-cursor`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed' });
    const beyond = await clients.owner.get(`/api/exam-result/${id}/details/?cursor=${first.replace(/\.1$/, '.9')}`);
    expect(beyond.status).toBe(400);
    expect(await beyond.json()).toMatchObject({ code: 'cursor_invalid', detail: expect.stringMatching(/목록|list/) });
    const stale = await clients.owner.get(`/api/exam-result/${id}/details/?cursor=zzzzzzzz.1`);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'result_details_changed' });
  });

  it('an admin’s read of another user’s result is the owner’s, details included; a deleted one is gone for everyone', async () => {
    const id = await ownersResult();
    const read = (await (await clients.admin.get(`/api/exam-result/${id}/`)).json()) as {
      user: { id: string };
      details: unknown[];
    };
    expect(read.user.id).toBe(owner.id);
    expect(read.details).toHaveLength(1);
    expect((await clients.admin.delete(`/api/exam-result/${id}/`)).status).toBe(200);
    expect((await clients.owner.get(`/api/exam-result/${id}/`)).status).toBe(404);
    expect((await clients.admin.delete(`/api/exam-result/${id}/`)).status).toBe(404);
  });
});
