import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as examServices from '../../functions/domains/exams/exams.js';
import { importQuestionSheet } from '../../functions/domains/files/importer/import.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { resultDetailEntity } from '../../functions/domains/results/entities/result-detail.js';
import { resultJobEntity } from '../../functions/domains/results/entities/result-job.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import type { SignedInContext } from '../../functions/runtime/http/types.js';
import { createLogger } from '../../functions/runtime/log.js';
import * as results from '../../functions/domains/results/results.js';
import * as sittings from '../../functions/domains/results/sittings.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';
import { serviceBody } from '../support/responses.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * DynamoDB requests per results call, counted on the document client while the services run in
 * this process. Budgets (docs/architecture.md §2.6, §2.11): a 100-answer submit in a constant
 * number (1 exam Query + 2 BatchGet + 2 transactions); question statistics of a 2,000-question
 * exam in a constant number (exam Query + one prefix Query), whatever the history size.
 */
function contextFor(user: FixtureUser): SignedInContext {
  return {
    requestId: 'budget',
    language: 'ko',
    cookies: {},
    caller: {
      sessionKey: 'budget',
      user: {
        id: user.id,
        username: user.username,
        role: user.role,
        is_superuser: false,
        is_staff: false,
        language: 'ko',
      },
    },
    sourceIp: '127.0.0.1',
    userAgent: 'vitest',
    log: createLogger({ test: 'results-budget' }),
  };
}

const input = <B, P = Record<string, never>, Q = Record<string, never>>(body: B, params?: P, query?: Q) =>
  ({ body, params: params ?? {}, query: query ?? {} }) as never;

describe('DynamoDB requests per results call', () => {
  const calls = countDynamoCalls();
  let user: FixtureUser;
  let fileId: string;
  let exam100: { id: string; questions: { id: string; answer: string }[] };
  let exam2000: { id: string; questions: { id: string; answer: string }[] };

  async function examWith(count: number, title: string) {
    const created = await examServices.createExam(
      {
        params: {},
        query: {},
        body: { title, question_count: count, file_id: fileId, is_public: true, confirm_private_questions: true },
      } as never,
      contextFor(user),
    );
    // The read pages its questions (D357): follow the cursor to the last.
    const questions: { id: string; answer: string }[] = [];
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = serviceBody(
        await examServices.getExam(
          { params: { examId: created.id }, query: cursor ? { cursor } : {}, body: {} } as never,
          contextFor(user),
        ),
      );
      questions.push(...(page.questions ?? []).map((q) => ({ id: q.id, answer: q.answer ?? '' })));
      cursor = page.next_cursor ?? undefined;
    }
    return { id: created.id, questions };
  }

  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    const imported = await importQuestionSheet({
      bytes: xlsxBytes([KO_HEADER, ...questionRows(2000)]),
      fileName: `results-budget-${Date.now()}.xlsx`,
      isPublic: false,
      owner: { id: user.id, username: user.username },
      language: 'ko',
      log: createLogger(),
    });
    fileId = imported.file.id;
    exam100 = await examWith(100, `results budget 100 ${Date.now()}`);
    exam2000 = await examWith(2000, `results budget 2000 ${Date.now()}`);
  }, 180_000);

  const answersFor = (questions: { id: string; answer: string }[]) =>
    questions.map((q, i) => ({ question_id: q.id, answer: i % 2 ? q.answer : 'wrong', elapsed_seconds: 1 }));

  it('keeps an answer in the sitting in one write, and a stale (merged) write in two more requests', async () => {
    const questionIds = exam100.questions.map((question) => question.id);
    const state = (answered: string[]) => ({
      question_order: questionIds,
      current_index: answered.length,
      answers: Object.fromEntries(answered.map((id) => [id, 'x'])),
      answered,
      overrules: {},
      elapsed_seconds: 1,
      question_times: {},
      previous_result_id: null,
      saved: [],
      revisions: Object.fromEntries(answered.map((id) => [id, 1])),
    });
    const put = (expected: number, answered: string[]) =>
      sittings.saveSitting(
        input({ expected_version: expected, state: state(answered) }, { examId: exam100.id }),
        contextFor(user),
      );
    await put(0, []);
    calls.reset();
    const fresh = await put(1, questionIds.slice(0, 1));
    const perAnswer = calls.count();
    console.info('sitting write (one more answer) requests', calls.byCommand());
    expect(fresh.merged).toBe(false);
    // the exam read (GetItem) + the conditional PutItem: as before the merge existed
    expect(perAnswer).toBeLessThanOrEqual(2);
    calls.reset();
    const stale = await put(1, questionIds.slice(1, 2)); // another tab wrote version 2 meanwhile
    console.info('stale sitting write (merged) requests', calls.byCommand());
    expect(stale.merged).toBe(true);
    expect(stale.sitting.state.answered).toEqual(questionIds.slice(0, 2));
    // the refused PutItem, one GetItem, the merged PutItem
    expect(calls.count()).toBeLessThanOrEqual(perAnswer + 2);
    await sittings.endSitting(input({}, { examId: exam100.id }), contextFor(user));
  });

  it('submits a 100-answer exam in a constant number of requests, and replays a retry in a constant number', async () => {
    const counts: number[] = [];
    for (let round = 0; round < 3; round++) {
      const body = {
        exam_id: exam100.id,
        answers: answersFor(exam100.questions),
        elapsed_seconds: 100,
        submission_id: randomUUID(),
      };
      calls.reset();
      const answer = await results.submitExam(input(body), contextFor(user));
      counts.push(calls.count());
      expect(answer.result).toMatchObject({ correct_count: 50, wrong_count: 50, total_score: 100 });
      console.info('submit (100 answers) requests', calls.byCommand());
      calls.reset();
      const replay = await results.submitExam(input(body), contextFor(user));
      expect(replay.replayed).toBe(true);
      // exam Query + BatchGet + the refused transaction + claim GetItem + BatchGet result/job + first details
      // chunk, and the placement's Query of due counts (the replay reads the cards as the first submit left
      // them, fuzzed, before its claim fails)
      expect(calls.count()).toBeLessThanOrEqual(7);
    }
    // 1 Query (exam) + BatchGet (90 statistics + summary) + Tx 1 (90 statistics) + job: BatchGet + Tx;
    // a round whose answers include a fuzzed interval adds the one Query of the due counts their placement
    // reads (load balancing is on by default, D417), whatever their number.
    const base = Math.min(...counts);
    expect(base).toBeLessThanOrEqual(6);
    expect(counts.every((count) => count === base || count === base + 1)).toBe(true);
    // Every statistic counted exactly 3 times, no job left behind.
    const stats = await results.questionStatistics(input({}, { examId: exam100.id }), contextFor(user));
    expect(stats).toHaveLength(100);
    expect(stats.every((s) => s.total_attempts === 3)).toBe(true);
    const jobs = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.appTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :j)',
        ExpressionAttributeValues: { ':pk': userPk(user.id), ':j': resultJobEntity.skPrefix },
      }),
    );
    expect(jobs.Items).toHaveLength(0);
  }, 120_000);

  it('submits 2,000 answers in about ⌈n/97⌉ × 2 requests, then reads the 2,000-question statistics in a constant number', async () => {
    calls.reset();
    const answer = await results.submitExam(
      input({
        exam_id: exam2000.id,
        answers: answersFor(exam2000.questions),
        elapsed_seconds: 0,
        submission_id: randomUUID(),
      }),
      contextFor(user),
    );
    expect(answer.result.answered_count).toBe(2000);
    const submitCalls = calls.count();
    console.info('submit (2,000 answers) requests', calls.byCommand());
    // A statistics batch holds 97 statistics since the review log and its day count took two places of its
    // 100 (D121, D171): ⌈1,911/97⌉ = ⌈1,910/99⌉ = 20 batches, so the count is unchanged.
    expect(submitCalls).toBeLessThanOrEqual(2 + 2 + Math.ceil(1911 / 97) * 2 + 2);

    calls.reset();
    const stats = await results.questionStatistics(input({}, { examId: exam2000.id }), contextFor(user));
    expect(stats).toHaveLength(2000);
    console.info('question statistics (2,000 questions) requests', calls.byCommand());
    // exam: 1–2 Query pages; statistics: one prefix Query (1 MB pages: 1–2)
    expect(calls.count()).toBeLessThanOrEqual(5);
    const first = calls.count();

    calls.reset();
    const summary = await results.examResultsSummary(input({}, {}, {}), contextFor(user));
    expect(summary.results.length).toBeGreaterThanOrEqual(2);
    expect(calls.count()).toBe(2);
    calls.reset();
    const list = await results.listExamResults(input({}, {}, { page_size: 10 }), contextFor(user));
    expect(list.count).toBe(4); // three 100-answer submits (replays add nothing) + one 2,000-answer submit
    expect(calls.count()).toBe(2);
    calls.reset();
    await results.getExamResult(input({}, { id: answer.result_id }), contextFor(user));
    expect(calls.count()).toBe(2);
    expect(first).toBeGreaterThan(0);
  }, 180_000);

  it('stores details beyond the first transaction (long answers) and replaces them on continue', async () => {
    const learner = await fixtureUser(apiUrl);
    const long = (q: { id: string }, i: number) => ({
      question_id: q.id,
      answer: `${i} ${'가'.repeat(1990)}`,
      elapsed_seconds: 1,
    });
    const answers = exam2000.questions.slice(0, 800).map(long);
    const submitted = await results.submitExam(
      input({ exam_id: exam2000.id, answers, elapsed_seconds: 0, submission_id: randomUUID() }),
      contextFor(learner),
    );
    // Every page (1 MB each: about three 300 KB chunks).
    const chunkKeys = async () =>
      (
        await queryAll({
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
          ExpressionAttributeValues: {
            ':pk': userPk(learner.id),
            ':d': resultDetailEntity.resultPrefix(submitted.result_id),
          },
          ProjectionExpression: 'sk',
        })
      ).map((i) => String(i.sk));
    const before = await chunkKeys();
    expect(before.length).toBeGreaterThan(4);
    // ~4 MB of answers: never answered whole (D197), but a page (one ≤ 300 KB chunk) at a time,
    // each page in the same two requests (BatchGet result/job + GetItem of the chunk).
    expect(submitted.result.details!.length).toBeLessThan(800);
    expect(JSON.stringify(submitted).length).toBeLessThan(1_000_000);
    calls.reset();
    const read = await results.getExamResult(input({}, { id: submitted.result_id }), contextFor(learner));
    expect(calls.count()).toBe(2);
    expect(read.details).toEqual(submitted.result.details);
    const all = [...read.details!];
    const perPage: number[] = [];
    let pages = 1;
    for (let cursor = read.details_next ?? null; cursor; pages++) {
      calls.reset();
      const page = await results.getExamResultDetails(
        input({}, { id: submitted.result_id }, { cursor }),
        contextFor(learner),
      );
      perPage.push(calls.count());
      expect(JSON.stringify(page).length).toBeLessThan(1_000_000);
      all.push(...page.details);
      cursor = page.next;
    }
    expect(pages).toBe(before.length);
    expect(new Set(perPage)).toEqual(new Set([2]));
    expect(all).toHaveLength(800);
    expect(all.map((d) => d.answer)).toEqual(answers.map((a) => a.answer));
    const staleCursor = read.details_next!;
    const continued = await results.continueExam(
      input(
        {
          previous_result_id: submitted.result_id,
          answers: exam2000.questions.slice(790, 810).map(long),
          elapsed_seconds: 5,
        },
        { examId: exam2000.id },
      ),
      contextFor(learner),
    );
    expect(continued.result.answered_count).toBe(810);
    const after = await chunkKeys();
    expect(after.length).toBeGreaterThanOrEqual(before.length); // 810 details now
    expect(after.some((k) => before.includes(k))).toBe(false);
    // A cursor of the revision before the continue no longer lines up: 409, and the new one pages on.
    await expect(
      results.getExamResultDetails(
        input({}, { id: submitted.result_id }, { cursor: staleCursor }),
        contextFor(learner),
      ),
    ).rejects.toMatchObject({ status: 409, code: 'result_details_changed' });
    expect(continued.result.details_next).toMatch(/^[0-9a-z]+\.2$/);
    const second = await results.getExamResultDetails(
      input({}, { id: submitted.result_id }, { cursor: continued.result.details_next! }),
      contextFor(learner),
    );
    expect(second.details.length).toBeGreaterThan(0);
  }, 120_000);
});
