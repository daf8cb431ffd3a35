import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank, type UploadedFile } from '../support/exam-fixtures.js';
import { KO_HEADER, multipartForm, xlsxBytes } from '../support/sheets.js';
import type { TestClient } from '../support/http-client.js';
import { linkedStudy } from '../support/study-fixtures.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * Who may call the exam detail screen's routes (docs/product.md#roles): anonymous callers never,
 * the exam's owner and site admins on the owner's exams, another user only on their own
 * statistics (and never on the owner's questions: 404 for a private exam, 403 for a public one).
 * An active study_admin of a study whose task links the exams (studyAdmin) edits them like the owner.
 */
type Who = 'anonymous' | 'owner' | 'other' | 'admin' | 'studyAdmin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'admin', 'studyAdmin'];

let owner: FixtureUser;
let studyAdmin: FixtureUser;
let clients: Record<Who, TestClient>;
let privateFile: UploadedFile;
let publicFile: UploadedFile;

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  const other = await fixtureUser(apiUrl);
  const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  studyAdmin = await fixtureUser(apiUrl);
  privateFile = await uploadBank(owner, `dauthz-private-${uniqueSuffix()}.xlsx`, 3, false);
  publicFile = await uploadBank(owner, `dauthz-public-${uniqueSuffix()}.xlsx`, 3, true);
  clients = {
    anonymous: await anonymousClient(apiUrl),
    owner: owner.client,
    other: other.client,
    admin: admin.client,
    studyAdmin: studyAdmin.client,
  };
});

interface Fresh {
  examId: string;
  targetId: string;
  questionIds: string[];
  studyId: string;
}

/** A new exam of the owner (and a second one as a move/copy target) for every caller: the routes change them. */
async function freshExams(isPublic: boolean): Promise<Fresh> {
  const file = isPublic ? publicFile : privateFile;
  const exam = await createExam(owner, {
    title: `dauthz ${uniqueSuffix()}`,
    question_count: 2,
    file_id: file.id,
    is_public: isPublic,
  });
  const target = await createExam(owner, {
    title: `dauthz target ${uniqueSuffix()}`,
    question_count: 0,
    is_public: isPublic,
  });
  const questions = (await (await owner.client.get(`/api/exam/${exam.id}/questions/?select=id`)).json()) as {
    id: string;
  }[];
  const { studyId } = await linkedStudy(owner, exam.id, studyAdmin);
  await linkedStudy(owner, target.id, studyAdmin);
  return { examId: exam.id, targetId: target.id, questionIds: questions.map((q) => q.id), studyId };
}

function row(
  name: string,
  isPublic: boolean,
  expected: Record<Who, number>,
  call: (client: TestClient, f: Fresh) => Promise<Response>,
) {
  it(`${name} (${isPublic ? 'public' : 'private'} exam)`, async () => {
    const seen: Record<string, number> = {};
    for (const who of WHO) seen[who] = (await call(clients[who], await freshExams(isPublic))).status;
    expect(seen).toEqual(expected);
  });
}

const sheet = () =>
  multipartForm({}, { name: 'update.xlsx', bytes: xlsxBytes([KO_HEADER, ['1', 't', 'c', 'a', '', '', '', '']]) });

describe('authorization matrix: exam detail routes', () => {
  for (const isPublic of [false, true]) {
    // a private exam is invisible to another user (404); a public one is visible but not theirs (403)
    const editors = { anonymous: 401, owner: 200, other: isPublic ? 403 : 404, admin: 200, studyAdmin: 200 };
    const readers = { anonymous: 401, owner: 200, other: isPublic ? 200 : 404, admin: 200, studyAdmin: 200 };
    row('POST move-questions', isPublic, editors, (c, f) =>
      c.post('/api/move-questions/', { from_exam_id: f.examId, to_exam_id: f.targetId, question_ids: f.questionIds }),
    );
    row('POST copy-questions', isPublic, editors, (c, f) =>
      c.post('/api/copy-questions/', { from_exam_id: f.examId, to_exam_id: f.targetId, question_ids: f.questionIds }),
    );
    row('POST delete-questions', isPublic, editors, (c, f) =>
      c.post('/api/delete-questions/', { exam_id: f.examId, question_ids: f.questionIds }),
    );
    row('PATCH questions/bulk-update-group', isPublic, editors, (c, f) =>
      c.patch('/api/questions/bulk-update-group/', { exam_id: f.examId, question_ids: f.questionIds, group_id: 'g' }),
    );
    // the connected file keeps its own visibility: a study admin editing the exam cannot pull the
    // rest of the owner's private file into it (400 exam_no_connected_file, as for a deleted file)
    row('POST import-from-connected-file', isPublic, { ...editors, studyAdmin: isPublic ? 200 : 400 }, (c, f) =>
      c.post(`/api/exam/${f.examId}/import-from-connected-file/`, {}),
    );
    row('POST update-questions-from-excel', isPublic, editors, (c, f) =>
      c.request('POST', `/api/exam/${f.examId}/update-questions-from-excel/`, { body: sheet() }),
    );
    // own statistics: anyone who can read the exam
    row('DELETE delete-question-results (own)', isPublic, readers, (c, f) =>
      c.delete('/api/delete-question-results/', { json: { exam_id: f.examId } }),
    );
    row('POST bulk-adjust-user-accuracy (own)', isPublic, readers, (c, f) =>
      c.post('/api/bulk-adjust-user-accuracy/', {
        exam_id: f.examId,
        adjustment_percentage: 10,
        adjustment_type: 'increase',
      }),
    );
    // every user's results: site admins (and study admins of a linking study) only
    row(
      'DELETE delete-question-results (delete_all)',
      isPublic,
      { anonymous: 401, owner: 403, other: isPublic ? 403 : 404, admin: 200, studyAdmin: 200 },
      (c, f) => c.delete('/api/delete-question-results/', { json: { exam_id: f.examId, delete_all: true } }),
    );
    // another user's statistics: site admins only
    row(
      "POST bulk-adjust-user-accuracy (the owner's)",
      isPublic,
      { anonymous: 401, owner: 200, other: 403, admin: 200, studyAdmin: 403 },
      (c, f) =>
        c.post('/api/bulk-adjust-user-accuracy/', {
          target_username: owner.username,
          exam_id: f.examId,
          adjustment_percentage: 10,
          adjustment_type: 'increase',
        }),
    );
  }

  for (const isPublic of [false, true]) {
    // mappings: the linked study's managers (its creator — the owner here —, its study_admin) and site admins
    row(
      'POST create-question-member-mapping',
      isPublic,
      { anonymous: 401, owner: 200, other: 404, admin: 200, studyAdmin: 200 },
      (c, f) =>
        c.post('/api/create-question-member-mapping/', {
          exam_id: f.examId,
          study_id: f.studyId,
          question_ids: f.questionIds,
        }),
    );
    row(
      'GET question-member-mappings',
      isPublic,
      { anonymous: 401, owner: 200, other: isPublic ? 200 : 404, admin: 200, studyAdmin: 200 },
      (c, f) => c.get(`/api/exam/${f.examId}/question-member-mappings/`),
    );
  }

  it('DELETE delete-question-results-global: signed-in callers, on their own statistics', async () => {
    const seen: Record<string, number> = {};
    for (const who of WHO)
      seen[who] = (
        await clients[who].delete('/api/delete-question-results-global/', { json: { question_ids: ['x-1'] } })
      ).status;
    expect(seen).toEqual({ anonymous: 401, owner: 200, other: 200, admin: 200, studyAdmin: 200 });
  });

  it('GET the is_favorite / is_ignored overlay: as readable as the exam', async () => {
    const f = await freshExams(false);
    const seen: Record<string, number> = {};
    for (const who of WHO)
      seen[who] = (await clients[who].get(`/api/exam/${f.examId}/questions/?select=id,is_favorite,is_ignored`)).status;
    expect(seen).toEqual({ anonymous: 404, owner: 200, other: 404, admin: 200, studyAdmin: 200 });
  });
});
