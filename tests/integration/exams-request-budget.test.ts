import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { importQuestionSheet } from '../../functions/domains/files/importer/import.js';
import * as examServices from '../../functions/domains/exams/exams.js';
import { createLogger } from '../../functions/runtime/log.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { EXAM_LIST_SHARDS } from '../../functions/domains/exams/entities/exam.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';
import { requestContextFor as contextFor, signedInContextFor as signedIn } from '../support/request-context.js';
import { serviceBody } from '../support/responses.js';
import { EXAM_STAMP_TTL_MS, clearPublicExamCache } from '../../functions/domains/exams/public-exam-cache.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * DynamoDB requests per call, counted on the document client while the services run in this
 * process against the same DynamoDB Local. Budgets: import ≤ ceil(rows/25) + a constant;
 * exam read and exam list a constant whatever the sizes.
 */

describe('DynamoDB requests per call', () => {
  const calls = countDynamoCalls();
  let user: FixtureUser;
  let fileId: string;
  let examId: string;
  const ROWS = 2000;

  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
  });

  it(`imports ${ROWS} rows in ceil(rows/25) batch writes + a constant`, async () => {
    calls.reset();
    const result = await importQuestionSheet({
      bytes: xlsxBytes([KO_HEADER, ...questionRows(ROWS)]),
      fileName: 'budget.xlsx',
      isPublic: true,
      owner: { id: user.id, username: user.username },
      language: 'ko',
      log: createLogger(),
    });
    fileId = result.file.id;
    const used = calls.byCommand();
    expect(used.BatchWriteItemCommand).toBe(Math.ceil(ROWS / 25));
    expect(calls.count()).toBeLessThanOrEqual(Math.ceil(ROWS / 25) + 3);
    console.info('import requests', used);
  }, 120_000);

  it(`creates a ${ROWS}-question exam in ceil(n/100) reads + ceil(n/25) writes + a constant`, async () => {
    calls.reset();
    const answer = await examServices.createExam(
      { params: {}, query: {}, body: { title: 'Budget exam', question_count: ROWS, file_id: fileId, is_public: true } },
      signedIn(user),
    );
    examId = answer.id;
    expect(answer.question_count).toBe(ROWS);
    const used = calls.byCommand();
    expect(used.BatchGetItemCommand).toBe(Math.ceil(ROWS / 100));
    expect(used.BatchWriteItemCommand).toBe(Math.ceil(ROWS / 25));
    expect(calls.count()).toBeLessThanOrEqual(Math.ceil(ROWS / 100) + Math.ceil(ROWS / 25) + 6);
    console.info('create-exam requests', used);
  }, 120_000);

  it('reads the exam with its questions in a constant number of requests', async () => {
    calls.reset();
    let exam = serviceBody(await examServices.getExam({ params: { examId }, query: {}, body: {} }, contextFor(user)));
    // the first page (D357): one Query of the partition (1–2 pages of 1 MB) + the subscription GetItem
    expect(calls.count()).toBeLessThanOrEqual(3);
    console.info('exam read requests', calls.byCommand());
    let read = exam.questions!.length;
    while (exam.next_cursor) {
      calls.reset();
      exam = serviceBody(
        await examServices.getExam(
          { params: { examId }, query: { cursor: exam.next_cursor }, body: {} },
          contextFor(user),
        ),
      );
      read += exam.questions!.length;
      // a later page: its Query + the exam's GetItem
      expect(calls.count()).toBeLessThanOrEqual(3);
    }
    expect(read).toBe(ROWS);
    // Anonymously (a public exam, D405): its stamp + the GetItem, then nothing while the stamp is fresh (D498),
    // then the stamp alone while nothing changes.
    clearPublicExamCache();
    const clock = vi.spyOn(performance, 'now');
    const start = performance.now();
    try {
      for (const [at, expected] of [
        [0, 2],
        [0, 0],
        [EXAM_STAMP_TTL_MS + 1, 1],
      ] as const) {
        clock.mockReturnValue(start + at);
        calls.reset();
        serviceBody(
          await examServices.getExam(
            { params: { examId }, query: { select: 'id,title,total_questions' }, body: {} },
            contextFor(null),
          ),
        );
        expect(calls.count()).toBe(expected);
      }
    } finally {
      clock.mockRestore();
    }
  });

  it('lists exams in the same number of requests for 5 or 40 exams', async () => {
    const lister = await fixtureUser(apiUrl);
    const counts: number[] = [];
    for (const target of [5, 40]) {
      while (
        (
          await examServices.listExams(
            { params: {}, query: { my_exams: true, page_size: 100 }, body: {} },
            contextFor(lister),
          )
        ).count < target
      ) {
        const n = Math.random().toString(36).slice(2);
        await examServices.createExam(
          { params: {}, query: {}, body: { title: `list ${n}`, question_count: 0 } },
          signedIn(lister),
        );
      }
      calls.reset();
      const mine = await examServices.listExams(
        { params: {}, query: { my_exams: true, page_size: 100 }, body: {} },
        contextFor(lister),
      );
      expect(mine.count).toBe(target);
      counts.push(calls.count());
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[1]).toBeLessThanOrEqual(2);
    calls.reset();
    await examServices.listExams(
      { params: {}, query: { search: 'list', page_size: 100 }, body: {} },
      contextFor(lister),
    );
    // The public list reads each shard of gsi2 PUBLICEXAMS once (one page each here) + 1 BatchGetItem.
    expect(calls.count()).toBeLessThanOrEqual(EXAM_LIST_SHARDS + 1);
  }, 120_000);
});
