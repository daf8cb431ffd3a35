import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importQuestionSheet } from '../../functions/domains/files/importer/import.js';
import { exportQuestionFile } from '../../functions/domains/files/file-sheets.js';
import { exportExamQuestions } from '../../functions/domains/exams/exam-export.js';
import * as examServices from '../../functions/domains/exams/exams.js';
import type { RequestContext, SignedInContext } from '../../functions/runtime/http/types.js';
import { createLogger } from '../../functions/runtime/log.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * DynamoDB requests of the exports: the file's pool is one Query and the exam with its
 * questions one Query (E1), paged per MB — the same count for 20 and for 1,000 questions, never a
 * call per question.
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
    log: createLogger({ test: 'export-budget' }),
  };
  return { ...ctx, caller };
}

describe('exports: DynamoDB requests per call, constant in the number of questions', () => {
  const calls = countDynamoCalls();
  let user: FixtureUser;
  const made: Record<number, { fileId: string; examId: string }> = {};

  beforeAll(async () => {
    user = await fixtureUser(apiUrl);
    for (const rows of [20, 1000]) {
      const imported = await importQuestionSheet({
        bytes: xlsxBytes([KO_HEADER, ...questionRows(rows)]),
        fileName: `export-budget-${rows}.xlsx`,
        isPublic: false,
        owner: { id: user.id, username: user.username },
        language: 'ko',
        log: createLogger(),
      });
      const exam = await examServices.createExam(
        {
          params: {},
          query: {},
          body: { title: `Export budget ${rows} ${Date.now()}`, question_count: rows, file_id: imported.file.id },
        },
        context(user),
      );
      made[rows] = { fileId: imported.file.id, examId: exam.id };
    }
  }, 180_000);

  it('a question file: the same requests for 20 and 1,000 questions', async () => {
    const counts = [];
    for (const rows of [20, 1000]) {
      calls.reset();
      await exportQuestionFile(
        { params: { name: made[rows]!.fileId }, query: { format: 'csv' }, body: {} },
        context(user),
      );
      counts.push(calls.count());
    }
    expect(counts[0]).toBeLessThanOrEqual(3);
    expect(counts[1]).toBe(counts[0]);
  });

  it('an exam: the same requests for 20 and 1,000 questions', async () => {
    const counts = [];
    for (const rows of [20, 1000]) {
      calls.reset();
      await exportExamQuestions(
        { params: { examId: made[rows]!.examId }, query: { format: 'txt' }, body: {} },
        context(user),
      );
      counts.push(calls.count());
    }
    expect(counts[0]).toBeLessThanOrEqual(2);
    expect(counts[1]).toBe(counts[0]);
  });
});
