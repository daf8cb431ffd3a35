import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as XLSX from 'xlsx';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { createLogger } from '../../functions/runtime/log.js';
import * as sittings from '../../functions/domains/results/sittings.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { uniqueSuffix } from '../support/unique-suffix.js';
import { userDataExport } from '../support/export-jobs.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * The sitting in progress kept on the server (resume anywhere) and the learner's own
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

  it('two tabs saving at the same version at once: both are kept — the later one is merged and told so', async () => {
    const first = await put({ expected_version: 0, state: state({}) });
    expect(first.status).toBe(200);
    const [a, b] = await Promise.all([
      put({ expected_version: 1, state: state({ [questionIds[0]!]: 'from tab A' }) }),
      put({ expected_version: 1, state: state({ [questionIds[1]!]: 'from tab B' }) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const told = [((await a.json()) as Json).merged, ((await b.json()) as Json).merged].sort();
    expect(told).toEqual([false, true]);
    const current = (await read())!;
    expect(current.version).toBe(3);
    expect(current.state.answers).toEqual({ [questionIds[0]!]: 'from tab A', [questionIds[1]!]: 'from tab B' });
    expect([...current.state.answered].sort()).toEqual([questionIds[0]!, questionIds[1]!].sort());
    // A stale version is merged too, whatever it carries: nothing answered goes.
    const stale = await put({ expected_version: 2, state: state({}) });
    expect(stale.status).toBe(200);
    expect(((await stale.json()) as Json).sitting.state.answered).toHaveLength(2);
    await user.client.request('DELETE', `/api/exam/${examId}/sitting/`);
    // Finished meanwhile (none stored, the writer had one): refused, so nothing counts twice.
    const late = await put({ expected_version: 4, state: state({ [questionIds[2]!]: 'late' }) });
    expect(late.status).toBe(409);
    expect(((await late.json()) as Json).code).toBe('sitting_version_conflict');
    expect(await read()).toBeNull();
  });

  it('two tabs racing over 100 interleavings of answers: the sitting read back has every answer, once', async () => {
    // The route's service, called in this process (the HTTP layer adds nothing to the race); the
    // requests to DynamoDB are the real, concurrent ones. Rounds run ten at a time, each as its own
    // learner of a public exam (a sitting is per learner and exam), so they do not meet.
    const file = await uploadBank(user, `sittings-race-${uniqueSuffix()}.xlsx`, 4, false);
    const raceExam = (
      await createExam(user, {
        title: `race ${uniqueSuffix()}`,
        question_count: 4,
        file_id: file.id,
        is_public: true,
        confirm_private_questions: true,
      })
    ).id;
    const ids = ((await (await user.client.get(`/api/exam/${raceExam}/questions/`)).json()) as { id: string }[]).map(
      (question) => question.id,
    );
    const service = (round: number) => {
      const ctx = {
        requestId: `race-${round}`,
        language: 'ko',
        cookies: {},
        caller: {
          sessionKey: 'race',
          user: { id: `${user.id}-race${round}`, username: `race${round}`, role: 'user', language: 'ko' },
        },
        sourceIp: '127.0.0.1',
        userAgent: 'vitest',
        log: createLogger({ test: 'sittings-race' }),
      } as never;
      const input = (body: Json = {}) => ({ params: { examId: raceExam }, query: {}, body }) as never;
      return {
        put: (body: Json) => sittings.saveSitting(input(body), ctx),
        get: async () => (await sittings.getSitting(input(), ctx)).sitting,
        end: () => sittings.endSitting(input(), ctx),
      };
    };
    // A tab as the web has it: its own state and version; a merged answer is adopted (D294).
    type TabState = { state: Json; version: number };
    const empty = (): Json => ({ ...state({}), question_order: ids, revisions: {} });
    const answerIn = (tab: TabState, id: string, text: string) => {
      const answered: string[] = tab.state.answered;
      tab.state = {
        ...tab.state,
        answers: { ...tab.state.answers, [id]: text },
        answered: answered.includes(id) ? answered : [...answered, id],
        revisions: { ...tab.state.revisions, [id]: (tab.state.revisions[id] ?? 0) + 1 },
      };
    };
    let merges = 0;
    const race = async (round: number) => {
      const api = service(round);
      let seed = round * 7919 + 7;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % n;
      };
      const write = async (tab: TabState) => {
        for (;;) {
          try {
            const answer = await api.put({ expected_version: tab.version, state: tab.state });
            tab.version = answer.sitting.version;
            if (answer.merged) {
              tab.state = answer.sitting.state;
              merges += 1;
            }
            return;
          } catch (error) {
            // the merge kept losing races: written again, never dropped
            if ((error as { code?: string }).code !== 'sitting_version_conflict') throw error;
          }
        }
      };
      const tabs: TabState[] = [
        { state: empty(), version: 0 },
        { state: empty(), version: 0 },
      ];
      const given = new Map<string, Set<string>>(); // question → the answers typed for it
      const steps = 2 + random(2);
      for (let step = 0; step < steps; step++) {
        // Each step one or both tabs answer a question and write at once (concurrently).
        const writers = random(2) === 0 ? [0, 1] : [random(2)];
        for (const at of writers) {
          const id = ids[random(ids.length)]!;
          const text = `r${round}-t${at}-s${step}`;
          answerIn(tabs[at]!, id, text);
          given.set(id, (given.get(id) ?? new Set()).add(text));
        }
        await Promise.all(writers.map((at) => write(tabs[at]!)));
      }
      const back = (await api.get())!;
      const answered: string[] = back.state.answered;
      expect([...answered].sort()).toEqual([...given.keys()].sort());
      expect(new Set(answered).size).toBe(answered.length);
      for (const [id, texts] of given) expect(texts.has(back.state.answers[id] ?? '')).toBe(true);
      await api.end();
    };
    for (let batch = 0; batch < 10; batch++)
      await Promise.all(Array.from({ length: 10 }, (_, at) => race(batch * 10 + at)));
    expect(merges).toBeGreaterThan(50); // the tabs did race: many writes were stale and merged
  }, 120_000);

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

describe('start over (D296): the old sitting is closed and its answers still count', () => {
  it('counts the answered questions no result holds, once, and deletes the sitting; a second close counts nothing', async () => {
    const learner = await fixtureUser(apiUrl);
    const file = await uploadBank(learner, `sittings-close-${uniqueSuffix()}.xlsx`, 4, false);
    const own = await createExam(learner, {
      title: `close ${uniqueSuffix()}`,
      question_count: 4,
      file_id: file.id,
      is_public: false,
    });
    const questions = (await (await learner.client.get(`/api/exam/${own.id}/questions/`)).json()) as {
      id: string;
      answer: string;
    }[];
    const [q1, q2, q3] = questions.map((question) => question.id);
    const sittingOf = (answers: Record<string, string>, extra: Json = {}) => ({
      question_order: questions.map((question) => question.id),
      current_index: 2,
      answers,
      answered: Object.keys(answers).filter((id) => answers[id] !== 'draft'),
      overrules: {},
      elapsed_seconds: 40,
      question_times: {},
      previous_result_id: null,
      saved: [],
      ...extra,
    });
    const statsOf = async () =>
      new Map(
        ((await (await learner.client.get(`/api/exam/${own.id}/question-statistics/`)).json()) as Json[]).map(
          (stat) => [stat.question_id as string, stat.total_attempts as number],
        ),
      );
    // Nine answers in the old sitting would be the report's case; two and a draft show the rule.
    const written = await learner.client.request('PUT', `/api/exam/${own.id}/sitting/`, {
      json: {
        expected_version: 0,
        state: sittingOf({ [q1!]: questions[0]!.answer, [q2!]: 'wrong', [q3!]: 'draft' }),
      },
    });
    expect(written.status, await written.clone().text()).toBe(200);
    const closed = await learner.client.post(`/api/exam/${own.id}/sitting/close/`, {});
    expect(closed.status, await closed.clone().text()).toBe(200);
    const body = (await closed.json()) as Json;
    expect(body.counted).toBe(2);
    expect(body.result_id).toEqual(expect.any(String));
    expect(((await (await learner.client.get(`/api/exam/${own.id}/sitting/`)).json()) as Json).sitting).toBeNull();
    // The result and the statistics have them: each answered question once, the draft not.
    const result = (await (await learner.client.get(`/api/exam-result/${body.result_id}/`)).json()) as Json;
    expect(result).toMatchObject({ correct_count: 1, wrong_count: 1 });
    const stats = await statsOf();
    expect(stats.get(q1!)).toBe(1);
    expect(stats.get(q2!)).toBe(1);
    expect(stats.get(q3!) ?? 0).toBe(0);
    const again = (await (await learner.client.post(`/api/exam/${own.id}/sitting/close/`, {})).json()) as Json;
    expect(again).toEqual({ counted: 0, result_id: null });
    expect((await statsOf()).get(q1!)).toBe(1);

    // A sitting already partly saved adds only the rest to its result.
    await learner.client.request('PUT', `/api/exam/${own.id}/sitting/`, {
      json: {
        expected_version: 0,
        state: sittingOf(
          { [q1!]: 'again', [q3!]: questions[2]!.answer },
          { previous_result_id: body.result_id, saved: [q1!] },
        ),
      },
    });
    const more = (await (await learner.client.post(`/api/exam/${own.id}/sitting/close/`, {})).json()) as Json;
    expect(more).toEqual({ counted: 1, result_id: body.result_id });
    const after = await statsOf();
    expect([after.get(q1!), after.get(q2!), after.get(q3!)]).toEqual([1, 1, 1]);
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

    const res = await userDataExport(learner.client);
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
