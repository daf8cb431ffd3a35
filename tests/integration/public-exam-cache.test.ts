import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import * as examServices from '../../functions/domains/exams/exams.js';
import { questionPositionCounterEntity } from '../../functions/domains/exams/entities/question-position-counter.js';
import {
  EXAM_STAMP_TTL_MS,
  clearPublicExamCache,
  forgetExamStamp,
} from '../../functions/domains/exams/public-exam-cache.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { appItem, useCloudEnv } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { requestContextFor } from '../support/request-context.js';
import { serviceBody } from '../support/responses.js';
import type { TestClient } from '../support/http-client.js';

/**
 * Anonymous reads of a public exam (D405): kept per instance under the exam's content version, so a
 * repeated read costs one small BatchGetItem instead of the partition's Query, and every write of the
 * exam or its questions changes the version, so the next read shows it.
 */
const apiUrl = inject('apiUrl');
useCloudEnv();

type Question = { id: string; title: string };
type ExamPage = { title?: string; questions?: Question[]; next_cursor: string | null };

const contentVersion = async (examId: string) =>
  Number((await appItem(questionPositionCounterEntity.key(examId)))?.content_version ?? 0);

describe('the anonymous public-exam read cache', () => {
  const calls = countDynamoCalls();
  let author: FixtureUser;
  let visitor: TestClient;
  let examId: string;

  beforeAll(async () => {
    author = await fixtureUser(apiUrl);
    visitor = await anonymousClient(apiUrl);
    const file = await uploadBank(author, `cache-${Date.now()}.xlsx`, 6);
    examId = (await createExam(author, { title: `Cached ${Date.now()}`, question_count: 6, file_name: file.name })).id;
    const published = await author.client.patch(`/api/exam/${examId}/update/`, { is_public: true });
    expect(published.status).toBe(200);
  }, 60_000);

  it('answers repeated reads from the cache: no request while the stamp is fresh, then one BatchGetItem', async () => {
    clearPublicExamCache();
    const read = async () =>
      serviceBody(
        await examServices.getExam({ params: { examId }, query: {}, body: {} }, requestContextFor(null, 'cache')),
      );
    calls.reset();
    const first = await read();
    const cold = calls.count();
    const clock = vi.spyOn(performance, 'now');
    const start = performance.now();
    clock.mockReturnValue(start);
    try {
      for (let i = 0; i < 10; i++) {
        calls.reset();
        expect(await read()).toEqual(first);
        expect(calls.count()).toBe(0);
      }
      // Past the stamp's life the version is asked for again (one small BatchGetItem), the page still cached.
      clock.mockReturnValue(start + EXAM_STAMP_TTL_MS + 1);
      calls.reset();
      expect(await read()).toEqual(first);
      expect(calls.byCommand()).toEqual({ BatchGetItemCommand: 1 });

      // Reads arriving together past the stamp's life share one request for it (D500).
      clock.mockReturnValue(start + 2 * (EXAM_STAMP_TTL_MS + 1));
      calls.reset();
      const together = await Promise.all(Array.from({ length: 20 }, read));
      for (const page of together) expect(page).toEqual(first);
      expect(calls.byCommand()).toEqual({ BatchGetItemCommand: 1 });

      // An edit through this instance forgets the stamp while a read of it is on the way: that read asks again.
      clock.mockReturnValue(start + 3 * (EXAM_STAMP_TTL_MS + 1));
      calls.reset();
      const racing = read();
      forgetExamStamp(examId);
      expect(await racing).toEqual(first);
      expect(calls.byCommand()).toEqual({ BatchGetItemCommand: 2 });
    } finally {
      clock.mockRestore();
    }
    console.info('public exam read requests', { cold });
    expect(cold).toBeGreaterThan(1);
    expect(first.questions).toHaveLength(6);

    // The questions list is cached the same way; a signed-in read is not (its answer is the caller's).
    const list = () =>
      examServices.getExamQuestions({ params: { examId }, query: {}, body: {} }, requestContextFor(null, 'cache'));
    await list();
    calls.reset();
    expect(serviceBody<Question[]>(await list())).toHaveLength(6);
    expect(calls.count()).toBeLessThanOrEqual(1);
    calls.reset();
    await examServices.getExam({ params: { examId }, query: {}, body: {} }, requestContextFor(author, 'cache'));
    expect(calls.byCommand().BatchGetItemCommand ?? 0).toBe(0);
  });

  it('shows every edit on the next read (the version moves), with an ETag the client can revalidate', async () => {
    const read = async (etag?: string) =>
      visitor.get(`/api/exam/${examId}/`, etag ? { headers: { 'if-none-match': etag } } : undefined);
    const first = await read();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const before = (await first.json()) as ExamPage;
    expect((await read(etag)).status).toBe(304);

    // A question edit
    const version = await contentVersion(examId);
    const question = before.questions![0]!;
    const edited = await author.client.patch(`/api/questions/${question.id}/update/`, {
      exam_id: examId,
      title: 'Edited title',
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await contentVersion(examId)).toBe(version + 1);
    const afterEdit = await read(etag);
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.headers.get('etag')).not.toBe(etag);
    expect(((await afterEdit.json()) as ExamPage).questions!.find((q) => q.id === question.id)!.title).toBe(
      'Edited title',
    );

    // An exam edit, a deleted question, an added one
    expect((await author.client.patch(`/api/exam/${examId}/update/`, { title: 'Renamed while cached' })).status).toBe(
      200,
    );
    expect(((await (await read()).json()) as ExamPage).title).toBe('Renamed while cached');
    const removed = await author.client.delete(`/api/questions/${question.id}/?exam_id=${examId}`);
    expect(removed.status).toBe(200);
    let page = (await (await read()).json()) as ExamPage;
    expect(page.questions!.map((q) => q.id)).not.toContain(question.id);
    const added = await author.client.post(`/api/exam/${examId}/add-question/`, {
      title: 'Added',
      content: 'Added content',
      answer: 'A',
    });
    expect(added.status, await added.clone().text()).toBe(200);
    page = (await (await read()).json()) as ExamPage;
    expect(page.questions!.map((q) => q.title)).toContain('Added');
    const list = (await (await visitor.get(`/api/exam/${examId}/questions/`)).json()) as Question[];
    expect(list.map((q) => q.title)).toContain('Added');
    expect(await contentVersion(examId)).toBe(version + 4);

    // Made private: gone for visitors at once, whatever they cached.
    expect((await author.client.patch(`/api/exam/${examId}/update/`, { is_public: false })).status).toBe(200);
    expect((await read()).status).toBe(404);
    expect((await visitor.get(`/api/exam/${examId}/questions/`)).status).toBe(404);
    // The author's own read carries no cache validator.
    const own = await author.client.get(`/api/exam/${examId}/`);
    expect(own.status).toBe(200);
    expect(own.headers.get('etag')).toBeNull();
  });
});
