import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as XLSX from 'xlsx';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * Issue 23: the sitting in progress kept on the server (resume anywhere) and the learner's own
 * grade recorded with the answer. Two tabs saving at once: exactly one write wins, the other is
 * told so (409 sitting_version_conflict) and nothing either wrote is lost once it merges.
 */
type Json = Record<string, any>;
let user: FixtureUser;
let examId: string;
let questionIds: string[];

const state = (answers: Record<string, string>, extra: Json = {}) => ({
  question_order: questionIds,
  current_index: Object.keys(answers).length,
  answers,
  answered: Object.keys(answers),
  overrules: {},
  elapsed_seconds: 30,
  question_times: {},
  previous_result_id: null,
  saved: [],
  ...extra,
});

const put = (body: Json) => user.client.request('PUT', `/api/exam/${examId}/sitting/`, { json: body });
const read = async () =>
  ((await (await user.client.get(`/api/exam/${examId}/sitting/`)).json()) as Json).sitting as Json | null;

beforeAll(async () => {
  user = await fixtureUser(apiUrl);
  const file = await uploadBank(user, `sittings-${uniqueSuffix()}.xlsx`, 4, false);
  examId = (
    await createExam(user, {
      title: `sittings ${uniqueSuffix()}`,
      question_count: 4,
      file_id: file.id,
      is_public: false,
    })
  ).id;
  const questions = (await (await user.client.get(`/api/exam/${examId}/questions/`)).json()) as {
    id: string;
    answer: string;
  }[];
  questionIds = questions.map((question) => question.id);
});

describe('the sitting kept on the server', () => {
  it('starts empty, is written at version 1, read back whole, and deleted when finished', async () => {
    expect(await read()).toBeNull();
    const res = await put({ expected_version: 0, state: state({ [questionIds[0]!]: 'a' }) });
    expect(res.status, await res.clone().text()).toBe(200);
    const sitting = await read();
    expect(sitting).toMatchObject({
      exam_id: examId,
      version: 1,
      state: { answers: { [questionIds[0]!]: 'a' }, current_index: 1, elapsed_seconds: 30 },
    });
    expect((await user.client.request('DELETE', `/api/exam/${examId}/sitting/`)).status).toBe(200);
    expect(await read()).toBeNull();
    expect((await user.client.request('DELETE', `/api/exam/${examId}/sitting/`)).status).toBe(200); // idempotent
  });

  it('two tabs saving at the same version at once: one wins, the other gets 409 and, after merging, loses nothing', async () => {
    const first = await put({ expected_version: 0, state: state({}) });
    expect(first.status).toBe(200);
    const [a, b] = await Promise.all([
      put({ expected_version: 1, state: state({ [questionIds[0]!]: 'from tab A' }) }),
      put({ expected_version: 1, state: state({ [questionIds[1]!]: 'from tab B' }) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(((await loser.json()) as Json).code).toBe('sitting_version_conflict');
    // The loser reads, merges (the web's utils/sitting-merge) and writes at the version it read.
    const current = (await read())!;
    expect(current.version).toBe(2);
    const merged = { ...current.state.answers, [questionIds[0]!]: 'from tab A', [questionIds[1]!]: 'from tab B' };
    const retry = await put({ expected_version: current.version, state: state(merged) });
    expect(retry.status).toBe(200);
    expect((await read())!.state.answers).toEqual(merged);
    // A stale version is refused, whatever it carries.
    expect((await put({ expected_version: 2, state: state({}) })).status).toBe(409);
    expect((await put({ expected_version: 0, state: state({}) })).status).toBe(409);
    await user.client.request('DELETE', `/api/exam/${examId}/sitting/`);
  });

  it('refuses a sitting of an exam the caller may not read (404) and a malformed one (400)', async () => {
    const other = await fixtureUser(apiUrl);
    expect(
      (
        await other.client.request('PUT', `/api/exam/${examId}/sitting/`, {
          json: { expected_version: 0, state: state({}) },
        })
      ).status,
    ).toBe(404);
    expect((await put({ expected_version: -1, state: state({}) })).status).toBe(400);
    expect((await put({ expected_version: 0, state: { ...state({}), overrules: { x: 'maybe' } } })).status).toBe(400);
  });
});

describe("the learner's own grade", () => {
  it('an overrule is recorded: the answer counts as the learner said, and the detail says it was overruled', async () => {
    const questions = (await (await user.client.get(`/api/exam/${examId}/questions/`)).json()) as {
      id: string;
      answer: string;
    }[];
    const [q1, q2, q3] = questions;
    const res = await user.client.post('/api/submit-exam/', {
      exam_id: examId,
      submission_id: randomUUID(),
      answers: [
        { question_id: q1!.id, answer: 'surely wrong', learner_verdict: 'correct' },
        { question_id: q2!.id, answer: q2!.answer, learner_verdict: 'wrong' },
        { question_id: q3!.id, answer: q3!.answer },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { result } = (await res.json()) as Json;
    expect(result.correct_count).toBe(2);
    const byId = new Map((result.details as Json[]).map((detail) => [detail.question_id, detail]));
    expect(byId.get(q1!.id)).toMatchObject({ is_correct: true, overruled: true });
    expect(byId.get(q2!.id)).toMatchObject({ is_correct: false, overruled: true });
    expect(byId.get(q3!.id)).toMatchObject({ is_correct: true });
    expect(byId.get(q3!.id)?.overruled).toBeFalsy();
    // The statistics follow the learner's grade.
    const stats = (await (await user.client.get(`/api/exam/${examId}/question-statistics/`)).json()) as Json[];
    expect(stats.find((stat) => stat.question_id === q1!.id)).toMatchObject({ total_attempts: 1, correct_attempts: 1 });
  });
});

describe("a sitting is the learner's data", () => {
  it('is part of the data export and is removed on withdrawal', async () => {
    const learner = await fixtureUser(apiUrl);
    const file = await uploadBank(learner, `sittings-own-${uniqueSuffix()}.xlsx`, 2, false);
    const own = await createExam(learner, {
      title: `own ${uniqueSuffix()}`,
      question_count: 2,
      file_id: file.id,
      is_public: false,
    });
    const ids = ((await (await learner.client.get(`/api/exam/${own.id}/questions/`)).json()) as { id: string }[]).map(
      (question) => question.id,
    );
    const saved = await learner.client.request('PUT', `/api/exam/${own.id}/sitting/`, {
      json: { expected_version: 0, state: { ...state({}), question_order: ids, answers: { [ids[0]!]: '나의 답' } } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const res = await learner.client.get('/api/export-user-data/');
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.sitting!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ exam_id: own.id, version: 1 });
    expect(String(rows[0]!.state)).toContain('나의 답');

    const stored = async () =>
      (
        await dynamoDocument().send(
          new QueryCommand({
            TableName: config.ephemeralTable,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `USER#${learner.id}#SITTING` },
          }),
        )
      ).Items ?? [];
    expect(await stored()).toHaveLength(1);
    expect((await learner.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await stored()).toHaveLength(0);
  });
});
