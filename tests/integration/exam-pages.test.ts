import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EXAM_PAGE_BYTES, EXAM_PAGE_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import * as examServices from '../../functions/domains/exams/exams.js';
import { insertExam } from '../../functions/domains/exams/exam-store.js';
import { newExamRecord } from '../../functions/domains/exams/new-exam.js';
import { useCloudEnv } from '../support/accounts.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { requestContextFor } from '../support/request-context.js';
import { uniqueSuffix } from '../support/unique-suffix.js';
import { serviceBody } from '../support/responses.js';

/**
 * The exam read pages its questions (D357): the largest exam (2,000 questions of 1,200 Korean
 * characters, 15 MB of JSON in one answer before) answers pages each far below Lambda's 6 MB, the
 * cursors reach every question once and in order, and each page costs a bounded number of
 * DynamoDB requests. The exam is seeded through the store (the HTTP import would take minutes).
 */
const apiUrl = inject('apiUrl');
useCloudEnv();

const SIZE = 2_000;
const LONG_TEXT = '가나다라마바사아자차카타파하'.repeat(86).slice(0, 1_200);
/** The answer cap the gateway enforces, with room for headers. */
const ANSWER_BOUND = 6 * 1024 * 1024;

describe('exam read pages (2,000 questions × 1,200 Korean characters)', () => {
  const calls = countDynamoCalls();
  let author: FixtureUser;
  let examId: string;

  beforeAll(async () => {
    author = await fixtureUser(apiUrl, { language: 'ko' });
    const fileId = `pages${uniqueSuffix().replace(/[^0-9a-z]/g, '')}`;
    const exam = newExamRecord({
      title: `pages ${author.id}`,
      language: 'ko',
      caller: { ...author, role: 'user' } as never,
      questions: SIZE,
      isPublic: true,
      isOriginal: true,
    });
    const questions = Array.from({ length: SIZE }, (_, i) => ({
      id: `${fileId}-${i + 1}`,
      file_id: fileId,
      title_ko: `문제 ${i + 1}`,
      content_ko: `${i + 1}. ${LONG_TEXT}`,
      answer_ko: `답 ${i + 1}`,
      created_language: 'ko',
    }));
    await insertExam(exam, questions);
    examId = exam.id;
  }, 180_000);

  it('answers every question once, in order, by following cursors; each page under the bound and few requests', async () => {
    const seen: string[] = [];
    const perPage: { bytes: number; requests: number }[] = [];
    let cursor: string | undefined;
    do {
      calls.reset();
      const page = serviceBody(
        await examServices.getExam(
          { params: { examId }, query: { cursor, select: 'id,title,questions,is_favorite,is_ignored' }, body: {} },
          requestContextFor(author, 'exam-pages'),
        ),
      );
      perPage.push({ bytes: Buffer.byteLength(JSON.stringify(page), 'utf8'), requests: calls.count() });
      expect(page.questions!.length).toBeLessThanOrEqual(EXAM_PAGE_QUESTIONS);
      seen.push(...page.questions!.map((q) => q.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);

    console.info('exam read pages', { pages: perPage.length, largest: Math.max(...perPage.map((p) => p.bytes)) });
    expect(seen).toHaveLength(SIZE);
    expect(new Set(seen).size).toBe(SIZE);
    expect(seen.map((id) => Number(id.split('-').at(-1)))).toEqual(Array.from({ length: SIZE }, (_, i) => i + 1));
    for (const { bytes, requests } of perPage) {
      expect(bytes).toBeLessThan(EXAM_PAGE_BYTES + 100_000);
      // One Query of the page (two when a 1 MB page cuts it), the exam's GetItem after the first
      // page, and the overlay's two prefix Queries.
      expect(requests).toBeLessThanOrEqual(5);
    }
    // 15 MB of questions cannot fit fewer pages than this: the bound is what cut them.
    expect(perPage.length).toBeGreaterThanOrEqual(Math.ceil((SIZE * 1_200 * 3) / EXAM_PAGE_BYTES));
  });

  it('over HTTP, anonymously: every answer far below 6 MB, the whole exam reachable', async () => {
    let count = 0;
    let url = `${apiUrl}/api/exam/${examId}/`;
    let largest = 0;
    for (;;) {
      const response = await fetch(url, { headers: { 'Accept-Language': 'ko' } });
      expect(response.status).toBe(200);
      const text = await response.text();
      largest = Math.max(largest, Buffer.byteLength(text, 'utf8'));
      const page = JSON.parse(text) as { questions: unknown[]; next_cursor: string | null };
      count += page.questions.length;
      if (!page.next_cursor) break;
      url = `${apiUrl}/api/exam/${examId}/?cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(count).toBe(SIZE);
    expect(largest).toBeLessThan(ANSWER_BOUND / 3);
  });

  it('pages GET /questions/ the same way: a list per page, the next cursor in x-next-cursor and link', async () => {
    const perPage: { bytes: number; requests: number }[] = [];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      calls.reset();
      const reply = await examServices.getExamQuestions(
        { params: { examId }, query: { cursor, select: 'id,title,content,is_favorite' }, body: {} },
        requestContextFor(author, 'question-pages'),
      );
      const list = serviceBody<{ id: string }[]>(reply);
      perPage.push({ bytes: Buffer.byteLength(JSON.stringify(list), 'utf8'), requests: calls.count() });
      expect(list.length).toBeLessThanOrEqual(EXAM_PAGE_QUESTIONS);
      seen.push(...list.map((q) => q.id));
      cursor = reply.options.headers?.['x-next-cursor'];
    } while (cursor);
    console.info('question list pages', { pages: perPage.length, largest: Math.max(...perPage.map((p) => p.bytes)) });
    expect(seen.map((id) => Number(id.split('-').at(-1)))).toEqual(Array.from({ length: SIZE }, (_, i) => i + 1));
    for (const { bytes, requests } of perPage) {
      expect(bytes).toBeLessThan(EXAM_PAGE_BYTES + 100_000);
      expect(requests).toBeLessThanOrEqual(5);
    }
    // the same pages as the exam read: the request count per page does not grow with the exam
    expect(perPage.length).toBeGreaterThanOrEqual(Math.ceil((SIZE * 1_200 * 3) / EXAM_PAGE_BYTES));

    // Over HTTP, anonymously, following `link: <…>; rel="next"`.
    let url: string | null = `${apiUrl}/api/exam/${examId}/questions/`;
    let count = 0;
    let largest = 0;
    while (url) {
      const response: Response = await fetch(url, { headers: { 'Accept-Language': 'ko' } });
      expect(response.status).toBe(200);
      const text = await response.text();
      largest = Math.max(largest, Buffer.byteLength(text, 'utf8'));
      count += (JSON.parse(text) as unknown[]).length;
      const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
      expect(next ? new URL(next, apiUrl).searchParams.get('cursor') : null).toBe(
        response.headers.get('x-next-cursor'),
      );
      url = next ? new URL(next, apiUrl).toString() : null;
    }
    expect(count).toBe(SIZE);
    expect(largest).toBeLessThan(ANSWER_BOUND / 3);
  });

  it('answers 400 cursor_invalid for a cursor it did not make', async () => {
    for (const cursor of [
      'nope',
      Buffer.from('{"p":0}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      for (const path of ['', 'questions/']) {
        const response = await fetch(`${apiUrl}/api/exam/${examId}/${path}?cursor=${cursor}`);
        expect(response.status).toBe(400);
        expect(((await response.json()) as { code: string }).code).toBe('cursor_invalid');
      }
    }
  });
});
