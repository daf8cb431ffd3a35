import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importQuestionSheet } from '../../functions/domains/files/importer/import.js';
import * as examServices from '../../functions/domains/exams/exams.js';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import { favoriteEntity } from '../../functions/domains/learning/entities/favorite.js';
import { ignoredEntity } from '../../functions/domains/learning/entities/ignored.js';
import type { RequestContext, SignedInContext } from '../../functions/runtime/http/types.js';
import { createLogger } from '../../functions/runtime/log.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';
import { serviceBody } from '../support/responses.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * DynamoDB requests of the exam detail read with the caller's is_favorite / is_ignored overlay
 * (docs/architecture.md L17, §2.11): for a 2,000-question exam from one file, the overlay is one
 * prefix Query of `FAV#<fileId>-` and one of `IGNORED#<fileId>-` — a constant, growing only by a
 * page per MB of flags, never per question.
 */
function context(user: FixtureUser): SignedInContext {
  const caller = {
    sessionKey: 'budget',
    user: {
      id: user.id,
      username: user.username,
      role: user.role,
      is_superuser: false,
      is_staff: false,
      language: 'ko' as const,
    },
  };
  const ctx: RequestContext = {
    requestId: 'budget',
    language: 'ko',
    cookies: {},
    caller,
    sourceIp: '127.0.0.1',
    userAgent: 'vitest',
    log: createLogger({ test: 'detail-budget' }),
  };
  return { ...ctx, caller };
}

describe('exam detail with the overlay: DynamoDB requests per call', () => {
  const calls = countDynamoCalls();
  const ROWS = 2000;
  const SELECT = 'id,title,total_questions,questions,is_favorite,is_ignored';
  let user: FixtureUser;
  let examId: string;
  let fileId: string;

  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    const imported = await importQuestionSheet({
      bytes: xlsxBytes([KO_HEADER, ...questionRows(ROWS)]),
      fileName: 'detail-budget.xlsx',
      isPublic: true,
      owner: { id: user.id, username: user.username },
      language: 'ko',
      log: createLogger(),
    });
    fileId = imported.file.id;
    examId = (
      await examServices.createExam(
        { params: {}, query: {}, body: { title: 'Detail budget', question_count: ROWS, file_id: fileId } },
        context(user),
      )
    ).id;
  }, 180_000);

  /** Every page of the read (D357): the most requests and Queries of one page, and the flags over all. */
  async function detailRequests(): Promise<{ total: number; queries: number; flagged: number }> {
    let total = 0;
    let queries = 0;
    let flagged = 0;
    let read = 0;
    let cursor: string | undefined;
    do {
      calls.reset();
      const exam = serviceBody(
        await examServices.getExam({ params: { examId }, query: { select: SELECT, cursor }, body: {} }, context(user)),
      );
      read += exam.questions!.length;
      flagged += exam.questions!.filter((q) => q.is_favorite || q.is_ignored).length;
      total = Math.max(total, calls.count());
      queries = Math.max(queries, calls.byCommand().QueryCommand ?? 0);
      cursor = exam.next_cursor ?? undefined;
    } while (cursor);
    expect(read).toBe(ROWS);
    return { total, queries, flagged };
  }

  it('adds two Queries for a one-file exam, and only a page per MB of flags as they grow', async () => {
    const plain = await detailRequests();
    expect(plain.flagged).toBe(0);
    // per page: 1 Query of the exam partition (1–2 pages) + 1 GetItem (subscription on the first
    // page, the exam on later ones) + 2 overlay Queries
    expect(plain.total).toBeLessThanOrEqual(5);

    // 1,500 favorites with ~1 KB snapshots (> 1 MB of FAV# items) and 500 ignored questions
    const padding = 'x'.repeat(1000);
    const now = new Date().toISOString();
    const favorites = Array.from({ length: 1500 }, (_, i) =>
      favoriteEntity.item(user.id, {
        question_id: `${fileId}-${i + 1}`,
        question: { id: `${fileId}-${i + 1}`, title_ko: `Q ${i + 1}`, content_ko: padding },
        exam_id: examId,
        exam_title: 'Detail budget',
        exam_title_ko: 'Detail budget',
        exam_title_en: '',
        favorited_at: now,
      }),
    );
    const ignored = Array.from({ length: 500 }, (_, i) => ignoredEntity.item(user.id, `${fileId}-${i + 1501}`, now));
    await batchWriteAll([...favorites, ...ignored].map(putRequest));

    const flagged = await detailRequests();
    expect(flagged.flagged).toBe(2000);
    // the favorites now fill 2 pages of 1 MB: one more Query page, nothing per question
    expect(flagged.queries - plain.queries).toBeLessThanOrEqual(2);
    expect(flagged.total).toBeLessThanOrEqual(7);
    console.info('detail + overlay requests', { plain, flagged });

    // The question list pages the same way (cursor in `x-next-cursor`): the same bound per page.
    const list: { is_favorite?: boolean }[] = [];
    let cursor: string | undefined;
    let most = 0;
    do {
      calls.reset();
      const reply = await examServices.getExamQuestions(
        { params: { examId }, query: { select: 'id,is_favorite,is_ignored', cursor }, body: {} },
        context(user),
      );
      list.push(...serviceBody<{ is_favorite?: boolean }[]>(reply));
      most = Math.max(most, calls.count());
      cursor = reply.options.headers?.['x-next-cursor'];
    } while (cursor);
    expect(list).toHaveLength(ROWS);
    expect(list.filter((q) => q.is_favorite).length).toBe(1500);
    expect(most).toBeLessThanOrEqual(7);
  }, 180_000);
});
