import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { pendingResultsDeletionEntity } from '../../functions/domains/results/entities/pending-results-deletion.js';
import { getExamWithQuestions } from '../../functions/domains/exams/exam-store.js';
import {
  deleteStatsOfExamQuestions,
  deleteTakersStats,
  finishPendingResultsDeletions,
  savePendingResultsDeletion,
} from '../../functions/domains/results/question-stats-deletion.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank, writeStat, type UploadedFile } from '../support/exam-fixtures.js';
import { KO_HEADER, csvBytes, multipartForm, xlsxBytes } from '../support/sheets.js';
import { storedStat } from '../support/learner-records.js';
import { okJson } from '../support/responses.js';
import { linkedStudy } from '../support/study-fixtures.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;

async function questionsOf(user: FixtureUser, examId: string, select?: string): Promise<Json[]> {
  return okJson<Json[]>(await user.client.get(`/api/exam/${examId}/questions/${select ? `?select=${select}` : ''}`));
}

async function totalOf(user: FixtureUser, examId: string): Promise<number> {
  return (await okJson(await user.client.get(`/api/exam/${examId}/?select=id,total_questions`)))
    .total_questions as number;
}

async function statsOf(user: FixtureUser, examId: string): Promise<Map<string, Json>> {
  const list = await okJson<Json[]>(await user.client.get(`/api/exam/${examId}/question-statistics/`));
  return new Map(list.map((s) => [s.question_id as string, s]));
}

/** Answers every listed question right (the bank's answer text) or wrong. */
async function submit(user: FixtureUser, examId: string, answers: { q: Json; right: boolean }[]) {
  return okJson(
    await user.client.post('/api/submit-exam/', {
      exam_id: examId,
      submission_id: randomUUID(),
      answers: answers.map(({ q, right }) => ({ question_id: q.id, answer: right ? q.answer : 'wrong' })),
    }),
  );
}

async function bankExam(
  user: FixtureUser,
  count: number,
  options: { take?: number; isPublic?: boolean } = {},
): Promise<{ file: UploadedFile; examId: string; questions: Json[] }> {
  const file = await uploadBank(user, `detail-${uniqueSuffix()}.xlsx`, count, options.isPublic ?? true);
  const exam = await createExam(user, {
    title: `detail ${uniqueSuffix()}`,
    question_count: options.take ?? count,
    file_id: file.id,
    is_public: options.isPublic ?? true,
  });
  const questions = (await questionsOf(user, exam.id)).sort((a, b) => Number(a.csv_id) - Number(b.csv_id));
  return { file, examId: exam.id, questions };
}

describe('move and copy questions', () => {
  let owner: FixtureUser;
  beforeAll(async () => {
    owner = await fixtureUser(apiUrl);
  });

  it('moves questions with their statistics and favorites; both exams can be taken after', async () => {
    const a = await bankExam(owner, 4);
    const b = await bankExam(owner, 2);
    const [q1, q2, q3] = a.questions;
    await submit(owner, a.examId, [
      { q: q1!, right: true },
      { q: q2!, right: false },
    ]);
    await okJson(await owner.client.post('/api/add-question-to-favorite/', { question_id: q1!.id, exam_id: a.examId }));

    const moved = await okJson(
      await owner.client.post('/api/move-questions/', {
        from_exam_id: a.examId,
        to_exam_id: b.examId,
        question_ids: [q1!.id, q2!.id, 'nope'],
      }),
    );
    expect(moved).toMatchObject({
      moved_count: 2,
      not_found: ['nope'],
      from_total_questions: 2,
      to_total_questions: 4,
    });
    expect(await totalOf(owner, a.examId)).toBe(2);
    expect(await totalOf(owner, b.examId)).toBe(4);
    expect((await questionsOf(owner, a.examId)).map((q) => q.id)).not.toContain(q1!.id);

    // the moved questions keep their ids: the statistics and the favorite follow them into B
    const inB = await questionsOf(owner, b.examId, 'id,is_favorite,is_ignored');
    expect(inB.find((q) => q.id === q1!.id)).toEqual({ id: q1!.id, is_favorite: true, is_ignored: false });
    const statsB = await statsOf(owner, b.examId);
    expect(statsB.get(q1!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    expect(statsB.get(q2!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 0 });

    // both exams are taken after the move: B's answers add to the moved questions' statistics
    await submit(owner, b.examId, [
      { q: q1!, right: false },
      { q: q2!, right: true },
    ]);
    await submit(owner, a.examId, [{ q: q3!, right: true }]);
    const after = await statsOf(owner, b.examId);
    expect(after.get(q1!.id)).toMatchObject({ total_attempts: 2, correct_attempts: 1 });
    expect(after.get(q2!.id)).toMatchObject({ total_attempts: 2, correct_attempts: 1 });
    expect((await statsOf(owner, a.examId)).get(q3!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    // moving again to an exam holding the question only removes it from the source
    const c = await createExam(owner, {
      title: `detail copy ${uniqueSuffix()}`,
      questions: [q1!.id],
      exam_id: b.examId,
      selection_mode: 'manual',
    });
    const again = await okJson(
      await owner.client.post('/api/move-questions/', {
        from_exam_id: c.id,
        to_exam_id: b.examId,
        question_ids: [q1!.id],
      }),
    );
    expect(again).toMatchObject({ moved_count: 1, skipped: [q1!.id], from_total_questions: 0, to_total_questions: 4 });
    expect(await totalOf(owner, b.examId)).toBe(4);
  });

  it('copies leave the source whole and never duplicate', async () => {
    const a = await bankExam(owner, 3);
    const b = await bankExam(owner, 1);
    const ids = a.questions.map((q) => q.id);
    const copied = await okJson(
      await owner.client.post('/api/copy-questions/', {
        from_exam_id: a.examId,
        to_exam_id: b.examId,
        question_ids: ids.slice(0, 2),
      }),
    );
    expect(copied).toMatchObject({ copied_count: 2, skipped: [], to_total_questions: 3 });
    expect((await questionsOf(owner, a.examId)).map((q) => q.id).sort()).toEqual([...ids].sort());
    expect(await totalOf(owner, a.examId)).toBe(3);
    const second = await okJson(
      await owner.client.post('/api/copy-questions/', {
        from_exam_id: a.examId,
        to_exam_id: b.examId,
        question_ids: ids,
      }),
    );
    expect(second).toMatchObject({ copied_count: 1, skipped: ids.slice(0, 2), to_total_questions: 4 });
    const inB = await questionsOf(owner, b.examId);
    expect(inB).toHaveLength(4);
    expect(new Set(inB.map((q) => q.id)).size).toBe(4);
    expect(new Set(inB.map((q) => q.order)).size).toBe(4);
  });

  it('refuses the same exam as source and target, and an exam the caller cannot edit', async () => {
    const a = await bankExam(owner, 2);
    const other = await fixtureUser(apiUrl);
    const theirs = await bankExam(other, 1);
    expect(
      (
        await owner.client.post('/api/move-questions/', {
          from_exam_id: a.examId,
          to_exam_id: a.examId,
          question_ids: [a.questions[0]!.id],
        })
      ).status,
    ).toBe(400);
    const res = await owner.client.post('/api/copy-questions/', {
      from_exam_id: a.examId,
      to_exam_id: theirs.examId,
      question_ids: [a.questions[0]!.id],
    });
    expect(res.status).toBe(403);
    expect(await totalOf(other, theirs.examId)).toBe(1);
  });
});

describe('delete questions and group ids', () => {
  it("deletes only that exam's copies", async () => {
    const owner = await fixtureUser(apiUrl);
    const a = await bankExam(owner, 4);
    const ids = a.questions.map((q) => q.id);
    const copy = await createExam(owner, {
      title: `detail keep ${uniqueSuffix()}`,
      questions: ids,
      exam_id: a.examId,
      selection_mode: 'manual',
    });
    const deleted = await okJson(
      await owner.client.post('/api/delete-questions/', { exam_id: a.examId, question_ids: ids.slice(0, 3) }),
    );
    expect(deleted).toMatchObject({ deleted_count: 3, total_questions: 1 });
    expect((await questionsOf(owner, a.examId)).map((q) => q.id)).toEqual([ids[3]]);
    expect(await totalOf(owner, a.examId)).toBe(1);
    expect((await questionsOf(owner, copy.id)).map((q) => q.id).sort()).toEqual([...ids].sort());
    expect(await totalOf(owner, copy.id)).toBe(4);
  });

  it("sets a group id on that exam's copies only", async () => {
    const owner = await fixtureUser(apiUrl);
    const a = await bankExam(owner, 3);
    const ids = a.questions.map((q) => q.id);
    const copy = await createExam(owner, {
      title: `detail group ${uniqueSuffix()}`,
      questions: ids,
      exam_id: a.examId,
      selection_mode: 'manual',
    });
    const answer = await okJson(
      await owner.client.patch('/api/questions/bulk-update-group/', {
        exam_id: a.examId,
        question_ids: ids.slice(0, 2),
        group_id: ' week-1 ',
      }),
    );
    expect(answer).toMatchObject({ updated_count: 2, not_found: [] });
    const groups = new Map((await questionsOf(owner, a.examId)).map((q) => [q.id, q.group_id]));
    expect([groups.get(ids[0]!), groups.get(ids[1]!)]).toEqual(['week-1', 'week-1']);
    expect(groups.get(ids[2]!)).not.toBe('week-1');
    expect((await questionsOf(owner, copy.id)).every((q) => q.group_id !== 'week-1')).toBe(true);
  });
});

describe('deleting results', () => {
  let owner: FixtureUser;
  let other: FixtureUser;
  let admin: FixtureUser;
  beforeAll(async () => {
    [owner, other, admin] = await Promise.all([
      fixtureUser(apiUrl),
      fixtureUser(apiUrl),
      fixtureUser(apiUrl, { role: 'admin_role' }),
    ]);
  });

  it("deletes only the caller's statistics; delete_all (admin) every taker's, and never another exam's questions", async () => {
    const exam = await bankExam(owner, 3);
    const elsewhere = await bankExam(owner, 1);
    const [q1, q2, q3] = exam.questions;
    await submit(owner, exam.examId, [
      { q: q1!, right: true },
      { q: q2!, right: false },
    ]);
    await submit(other, exam.examId, [
      { q: q1!, right: true },
      { q: q3!, right: true },
    ]);
    await submit(other, elsewhere.examId, [{ q: elsewhere.questions[0]!, right: true }]);

    const own = await okJson(
      await owner.client.delete('/api/delete-question-results/', { json: { exam_id: exam.examId } }),
    );
    expect(own).toMatchObject({ deleted_count: 2, completed: true });
    expect((await statsOf(owner, exam.examId)).size).toBe(0);
    expect((await statsOf(other, exam.examId)).size).toBe(2);

    expect(
      (await other.client.delete('/api/delete-question-results/', { json: { exam_id: exam.examId, delete_all: true } }))
        .status,
    ).toBe(403);
    expect((await statsOf(other, exam.examId)).size).toBe(2);

    const all = await okJson(
      await admin.client.delete('/api/delete-question-results/', { json: { exam_id: exam.examId, delete_all: true } }),
    );
    expect(all).toMatchObject({ deleted_count: 2, users_affected: 1, completed: true });
    expect((await statsOf(other, exam.examId)).size).toBe(0);
    expect(await storedStat(other.id, elsewhere.questions[0]!.id)).toMatchObject({ total_attempts: 1 });
    // idempotent: a second run finds nothing left
    expect(
      await okJson(
        await admin.client.delete('/api/delete-question-results/', {
          json: { exam_id: exam.examId, delete_all: true },
        }),
      ),
    ).toMatchObject({
      deleted_count: 0,
      completed: true,
    });
  });

  it('an everyone’s-results deletion that outgrows its request is finished in the background by the retention job, from its last taker', async () => {
    const exam = await bankExam(owner, 2);
    const elsewhere = await bankExam(owner, 1);
    const takers = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl), fixtureUser(apiUrl)]);
    for (const taker of takers) await submit(taker, exam.examId, [{ q: exam.questions[0]!, right: true }]);
    await submit(takers[0]!, elsewhere.examId, [{ q: elsewhere.questions[0]!, right: true }]);
    const { questions } = await getExamWithQuestions(exam.examId);

    // A request whose time is already spent does no taker and leaves the work to the job.
    const spent = await deleteTakersStats(exam.examId, questions, Date.now() - 1);
    expect(spent).toMatchObject({ completed: false, last: null, deleted: 0 });
    // One taker done, then the budget ends: the marker keeps the place.
    const sorted = takers.map((t) => t.id).sort();
    await deleteStatsOfExamQuestions(sorted[0]!, questions);
    await savePendingResultsDeletion({
      exam_id: exam.examId,
      question_ids: questions.map((q) => q.id),
      requested_by_id: admin.id,
      requested_at: new Date().toISOString(),
      after: sorted[0]!,
    });

    // The retention-cleanup job's step (functions/jobs/retention-cleanup.ts), run alone so other files' scheduled work is left to them.
    const outcome = await finishPendingResultsDeletions(Date.now() + 60_000);
    expect(outcome.exams).toBeGreaterThanOrEqual(1);
    for (const taker of takers)
      expect(await storedStat(taker.id, exam.questions[0]!.id as string), taker.id).toBeUndefined();
    // Another exam's statistics stay, and the marker is gone: a second run has nothing of this exam.
    expect(await storedStat(takers[0]!.id, elsewhere.questions[0]!.id as string)).toMatchObject({ total_attempts: 1 });
    const { Item } = await dynamoDocument().send(
      new GetCommand({
        TableName: config.appTable,
        Key: pendingResultsDeletionEntity.key(exam.examId),
        ConsistentRead: true,
      }),
    );
    expect(Item).toBeUndefined();
  });

  it("delete-question-results-global removes the caller's statistics of the listed questions only", async () => {
    const exam = await bankExam(owner, 3);
    const ids = exam.questions.map((q) => q.id);
    for (const id of ids) await writeStat(owner.id, id, 2, 1);
    await writeStat(other.id, ids[0]!, 1, 1);
    const answer = await okJson(
      await owner.client.delete('/api/delete-question-results-global/', { json: { question_ids: ids.slice(0, 2) } }),
    );
    expect(answer.deleted_count).toBe(2);
    expect(await storedStat(owner.id, ids[0]!)).toBeUndefined();
    expect(await storedStat(owner.id, ids[2]!)).toBeDefined();
    expect(await storedStat(other.id, ids[0]!)).toBeDefined();
  });
});

describe('bulk accuracy adjustment', () => {
  it("moves the caller's accuracy by the percentage; another user's only as a site admin", async () => {
    const owner = await fixtureUser(apiUrl);
    const other = await fixtureUser(apiUrl);
    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    const exam = await bankExam(owner, 3);
    const [q1, q2] = exam.questions;
    await writeStat(owner.id, q1!.id, 4, 2); // 50 %
    const up = await okJson(
      await owner.client.post('/api/bulk-adjust-user-accuracy/', {
        exam_id: exam.examId,
        question_ids: [q1!.id, q2!.id],
        adjustment_percentage: 20,
        adjustment_type: 'increase',
      }),
    );
    expect(up).toMatchObject({ success: true, adjusted_count: 2, total_questions: 2 });
    const stats = await statsOf(owner, exam.examId);
    expect(stats.get(q1!.id)!.accuracy_percentage).toBeGreaterThanOrEqual(70);
    expect(stats.get(q1!.id)!.total_attempts).toBeGreaterThan(4);
    expect(stats.get(q2!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
    const down = await okJson(
      await owner.client.post('/api/bulk-adjust-user-accuracy/', {
        exam_id: exam.examId,
        adjustment_percentage: 10,
        adjustment_type: 'decrease',
      }),
    );
    // q3 has no attempts (0 %): nothing to lower
    expect(down).toMatchObject({ adjusted_count: 2, total_questions: 3 });

    const body = {
      target_username: owner.username,
      exam_id: exam.examId,
      adjustment_percentage: 10,
      adjustment_type: 'increase',
    };
    expect((await other.client.post('/api/bulk-adjust-user-accuracy/', body)).status).toBe(403);
    expect((await admin.client.post('/api/bulk-adjust-user-accuracy/', body)).status).toBe(200);
    expect(
      (
        await admin.client.post('/api/bulk-adjust-user-accuracy/', {
          ...body,
          target_username: `nobody_${uniqueSuffix()}`,
        })
      ).status,
    ).toBe(404);
  });
});

describe('update from a sheet', () => {
  it('updates matched rows in place, reports unknown ids, and a bad file changes nothing', async () => {
    const owner = await fixtureUser(apiUrl);
    const exam = await bankExam(owner, 4);
    const before = await questionsOf(owner, exam.examId);
    const byCsv = new Map(before.map((q) => [String(q.csv_id), q]));
    const upload = (name: string, bytes: Buffer) =>
      owner.client.request('POST', `/api/exam/${exam.examId}/update-questions-from-excel/`, {
        body: multipartForm({}, { name, bytes }),
      });

    const sheet = xlsxBytes([
      KO_HEADER,
      ['1', 'New title 1', 'New content 1', 'New answer 1', 'why', 'Hard', '', 'g9'],
      ['2', 'New title 2', 'c', 'a', '', '', '', ''],
      ['99', 't', 'c', 'a', '', '', '', ''],
      ['3', '', 'c', 'a', '', '', '', ''],
    ]);
    const answer = await okJson(await upload('update.xlsx', sheet));
    expect(answer.stats).toMatchObject({ total_rows: 4, updated: 2, skipped: 1, errors: 1 });
    expect(answer.stats.error_details.join('\n')).toContain('99');
    const after = new Map((await questionsOf(owner, exam.examId)).map((q) => [String(q.csv_id), q]));
    expect(after.get('1')).toMatchObject({
      id: byCsv.get('1')!.id,
      order: byCsv.get('1')!.order,
      title: 'New title 1',
      answer: 'New answer 1',
      difficulty: 'Hard',
      group_id: 'g9',
    });
    expect(after.get('2')).toMatchObject({ id: byCsv.get('2')!.id, title: 'New title 2' });
    expect(after.get('3')!.title).toBe(byCsv.get('3')!.title);
    expect(after.get('4')).toEqual(byCsv.get('4'));

    // csv works the same way
    const csv = await okJson(
      await upload('update.csv', csvBytes([KO_HEADER, ['4', 'Csv title', 'c', 'a', '', '', '', '']])),
    );
    expect(csv.stats).toMatchObject({ updated: 1, skipped: 0, errors: 0 });

    const snapshot = await questionsOf(owner, exam.examId);
    for (const [name, bytes] of [
      ['broken.xlsx', Buffer.from('not a spreadsheet at all')],
      ['columns.xlsx', xlsxBytes([['Title only'], ['x']])],
      ['notes.txt', Buffer.from('1,2,3')],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.status, name).toBe(400);
    }
    expect(await questionsOf(owner, exam.examId)).toEqual(snapshot);
  });

  it('is refused to readers who cannot edit the exam', async () => {
    const owner = await fixtureUser(apiUrl);
    const other = await fixtureUser(apiUrl);
    const exam = await bankExam(owner, 1);
    const res = await other.client.request('POST', `/api/exam/${exam.examId}/update-questions-from-excel/`, {
      body: multipartForm({}, { name: 'u.xlsx', bytes: xlsxBytes([KO_HEADER, ['1', 't', 'c', 'a', '', '', '', '']]) }),
    });
    expect(res.status).toBe(403);
  });
});

describe('import from the connected file', () => {
  it('adds what the exam lacks, without duplicates; a second call imports nothing', async () => {
    const owner = await fixtureUser(apiUrl);
    const exam = await bankExam(owner, 5, { take: 2 });
    const first = await okJson(await owner.client.post(`/api/exam/${exam.examId}/import-from-connected-file/`, {}));
    expect(first.stats).toEqual({ total_rows: 5, imported: 3, skipped: 2, errors: 0 });
    const questions = await questionsOf(owner, exam.examId);
    expect(questions).toHaveLength(5);
    expect(new Set(questions.map((q) => q.id)).size).toBe(5);
    expect(await totalOf(owner, exam.examId)).toBe(5);
    const second = await okJson(await owner.client.post(`/api/exam/${exam.examId}/import-from-connected-file/`, {}));
    expect(second.stats).toEqual({ total_rows: 5, imported: 0, skipped: 5, errors: 0 });
    expect(await totalOf(owner, exam.examId)).toBe(5);
  });

  it('answers exam_no_connected_file for an exam without a file', async () => {
    const owner = await fixtureUser(apiUrl);
    const exam = await createExam(owner, { title: `empty ${uniqueSuffix()}`, question_count: 0 });
    const res = await owner.client.post(`/api/exam/${exam.id}/import-from-connected-file/`, {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).code).toBe('exam_no_connected_file');
  });
});

describe('random exam from the detail screen and the flags overlay', () => {
  it("samples the asked count of the given questions and defaults the title to the user's daily-quiz title", async () => {
    const owner = await fixtureUser(apiUrl);
    const exam = await bankExam(owner, 6);
    const ids = exam.questions.map((q) => q.id);
    const body = {
      questions: ids,
      exam_id: exam.examId,
      question_count: 3,
      selection_mode: 'random',
      is_public: false,
    };
    const first = await createExam(owner, body);
    expect(first.question_count).toBe(3);
    expect(first.exam.title).toBe(`Today's Quizzes for ${owner.username}`);
    expect((await questionsOf(owner, first.id)).every((q) => ids.includes(q.id))).toBe(true);
    // the same default again gets a suffix instead of a conflict
    const second = await createExam(owner, body);
    expect(second.exam.title).toMatch(new RegExp(`^Today's Quizzes for ${owner.username} #[0-9a-z]{4}$`));
  });

  it('answers is_favorite / is_ignored only when asked for, and false for anonymous callers', async () => {
    const owner = await fixtureUser(apiUrl);
    const exam = await bankExam(owner, 3);
    const [q1, q2] = exam.questions;
    await okJson(
      await owner.client.post('/api/add-question-to-favorite/', { question_id: q1!.id, exam_id: exam.examId }),
    );
    await okJson(await owner.client.post(`/api/question/${q2!.id}/ignore/`, { exam_id: exam.examId }));
    const flagged = await questionsOf(owner, exam.examId, 'id,is_favorite,is_ignored');
    expect(flagged.find((q) => q.id === q1!.id)).toEqual({ id: q1!.id, is_favorite: true, is_ignored: false });
    expect(flagged.find((q) => q.id === q2!.id)).toEqual({ id: q2!.id, is_favorite: false, is_ignored: true });
    const detail = await okJson(
      await owner.client.get(`/api/exam/${exam.examId}/?select=id,questions,is_favorite,is_ignored`),
    );
    expect((detail.questions as Json[]).find((q) => q.id === q1!.id)).toMatchObject({
      is_favorite: true,
      is_ignored: false,
    });
    expect((await questionsOf(owner, exam.examId))[0]).not.toHaveProperty('is_favorite');
    const anonymous = await fetch(`${apiUrl}/api/exam/${exam.examId}/questions/?select=id,is_favorite`);
    expect(((await anonymous.json()) as Json[]).every((q) => q.is_favorite === false)).toBe(true);
  });
});

describe('question-member mappings', () => {
  it("assigns questions round-robin to the linked study's active members; shown only to its managers", async () => {
    const owner = await fixtureUser(apiUrl);
    const studyAdmin = await fixtureUser(apiUrl);
    const reader = await fixtureUser(apiUrl);
    const exam = await bankExam(owner, 4);
    const ids = exam.questions.map((q) => q.id);
    const { studyId, memberIds } = await linkedStudy(owner, exam.examId, studyAdmin, 1);
    const created = await okJson(
      await studyAdmin.client.post('/api/create-question-member-mapping/', {
        exam_id: exam.examId,
        study_id: studyId,
        question_ids: ids,
      }),
    );
    expect(created.created_count).toBe(4);
    const assigned = (created.mappings as Json[]).map((m) => m.member.id);
    expect(assigned).toEqual([memberIds[0], memberIds[1], memberIds[0], memberIds[1]]);
    const listed = await okJson<Json[]>(await owner.client.get(`/api/exam/${exam.examId}/question-member-mappings/`));
    expect(listed.map((m) => m.question.id).sort()).toEqual([...ids].sort());
    expect(listed.find((m) => m.member.id === memberIds[0])!.member).toMatchObject({
      name: studyAdmin.username,
      user_username: studyAdmin.username,
      study: studyId,
    });
    // a reader of the (public) exam without rights in the study sees none
    expect(await okJson(await reader.client.get(`/api/exam/${exam.examId}/question-member-mappings/`))).toEqual([]);
    // an unlinked study is refused
    const other = await bankExam(owner, 1);
    const res = await owner.client.post('/api/create-question-member-mapping/', {
      exam_id: other.examId,
      study_id: studyId,
      question_ids: [other.questions[0]!.id],
    });
    expect(res.status).toBe(400);
    // the mapping items do not leak into the exam's questions
    expect(await questionsOf(owner, exam.examId)).toHaveLength(4);
  });
});
