import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import { reviewLogEntity, type ReviewRow } from '../../functions/domains/learning/entities/review-log.js';
import { createExam } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KO_HEADER, multipartForm, questionRows, xlsxBytes } from '../support/sheets.js';
import { uniqueSuffix } from '../support/unique-suffix.js';
import { userDataExport } from '../support/export-jobs.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;

async function bankExam(user: FixtureUser, count: number): Promise<{ examId: string; questions: Json[] }> {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm(
      { is_public: 'true' },
      { name: `revlog-${uniqueSuffix()}.xlsx`, bytes: xlsxBytes([KO_HEADER, ...questionRows(count)]) },
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const file = ((await res.json()) as { file: { id: string } }).file;
  const exam = await createExam(user, {
    title: `revlog ${uniqueSuffix()}`,
    question_count: count,
    file_id: file.id,
    is_public: true,
  });
  const questions = (await (await user.client.get(`/api/exam/${exam.id}/questions/`)).json()) as Json[];
  return { examId: exam.id, questions };
}

/** The review log read back from the table: every row of the user's REVLOG items. */
async function reviewRows(userId: string): Promise<{ sk: string; row: ReviewRow; exam_id: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': reviewLogEntity.skPrefix },
    ConsistentRead: true,
  });
  return items.flatMap((item) => {
    const log = reviewLogEntity.parse(item);
    return log.reviews.map((row) => ({ sk: String(item.sk), row, exam_id: log.exam_id }));
  });
}

async function fsrsOf(userId: string, questionId: string): Promise<Json | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({
      TableName: config.appTable,
      Key: questionStatEntity.key(userId, questionId),
      ConsistentRead: true,
    }),
  );
  return Item?.fsrs as Json | undefined;
}

describe('the review log', () => {
  let user: FixtureUser;
  let exam: { examId: string; questions: Json[] };
  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    exam = await bankExam(user, 120);
  }, 120_000);

  it('writes one row per graded answer, none on a replayed submit, with rating, states and seconds', async () => {
    const answers = exam.questions
      .slice(0, 5)
      .map((q, i) => ({ question_id: q.id, answer: i % 2 ? String(q.answer) : 'wrong', elapsed_seconds: 3 + i }));
    const body = { exam_id: exam.examId, answers, elapsed_seconds: 30, submission_id: randomUUID() };
    expect((await user.client.post('/api/submit-exam/', body)).status).toBe(200);
    const replay = await user.client.post('/api/submit-exam/', body);
    expect(((await replay.json()) as Json).replayed).toBe(true);

    const rows = await reviewRows(user.id);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.sk)).size).toBe(1); // one item for the whole transaction
    const byQuestion = new Map(rows.map((r) => [r.row[0], r.row]));
    answers.forEach((a, i) => {
      // [question, rating (1 Again, 3 Good), elapsed days, state before (0 new), state after (1 learning), seconds]
      expect(byQuestion.get(a.question_id)).toEqual([a.question_id, i % 2 ? 3 : 1, 0, 0, 1, 3 + i]);
    });
  });

  it('logs every answer of a submit larger than one transaction exactly once (the statistics job batches)', async () => {
    const before = (await reviewRows(user.id)).length;
    const answers = exam.questions.map((q) => ({ question_id: q.id, answer: String(q.answer), elapsed_seconds: 2 }));
    const body = { exam_id: exam.examId, answers, elapsed_seconds: 60, submission_id: randomUUID() };
    expect((await user.client.post('/api/submit-exam/', body)).status).toBe(200);
    expect((await user.client.post('/api/submit-exam/', body)).status).toBe(200);
    const rows = await reviewRows(user.id);
    expect(rows.length - before).toBe(120);
    // The first transaction's item and one job batch's item.
    const items = new Set(rows.slice(before).map((r) => r.sk));
    expect(items.size).toBe(2);
    // A question answered again the same learner day: 0 elapsed days, learning → learning or review.
    const again = rows.filter((r) => r.row[0] === exam.questions[1]!.id);
    expect(again).toHaveLength(2);
    expect(again[1]!.row[2]).toBe(0);
    expect(again[1]!.row[3]).toBe(1);
  });

  it('is part of the data export, one row per review', async () => {
    const res = await userDataExport(user.client);
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(book.SheetNames).toContain('revlog');
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.revlog!);
    expect(sheet).toHaveLength(125);
    expect(sheet[0]).toMatchObject({
      question_id: expect.any(String),
      rating: expect.stringMatching(/^(again|good)$/),
      state_before: 'new',
      exam_id: exam.examId,
    });
  });

  it('is not written by an accuracy adjustment, which leaves the FSRS card alone; a site admin bulk adjustment never moves another user', async () => {
    const q = exam.questions[0]!;
    const card = await fsrsOf(user.id, q.id);
    const rowsBefore = (await reviewRows(user.id)).length;
    const res = await user.client.post('/api/adjust-question-accuracy/', {
      question_id: q.id,
      exam_id: exam.examId,
      adjustment_type: 'clear',
      target_percentage: 100,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await fsrsOf(user.id, q.id)).toEqual(card);

    const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    const cards = await Promise.all(exam.questions.slice(0, 10).map((x) => fsrsOf(user.id, x.id)));
    const bulk = await admin.client.post('/api/bulk-adjust-user-accuracy/', {
      target_username: user.username,
      exam_id: exam.examId,
      question_ids: exam.questions.slice(0, 10).map((x) => x.id),
      adjustment_percentage: 20,
      adjustment_type: 'decrease',
    });
    expect(bulk.status, await bulk.clone().text()).toBe(200);
    expect(((await bulk.json()) as Json).adjusted_count).toBeGreaterThan(0);
    expect(await Promise.all(exam.questions.slice(0, 10).map((x) => fsrsOf(user.id, x.id)))).toEqual(cards);
    expect((await reviewRows(user.id)).length).toBe(rowsBefore);
  });

  it('is removed on withdrawal', async () => {
    expect((await reviewRows(user.id)).length).toBeGreaterThan(0);
    expect((await user.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await reviewRows(user.id)).toHaveLength(0);
  });
});
