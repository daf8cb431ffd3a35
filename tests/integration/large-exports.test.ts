import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildQuestionFileExport } from '../../functions/domains/files/sheets.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam } from '../support/exam-fixtures.js';
import { settledJob } from '../support/export-jobs.js';
import { KO_HEADER, multipartForm, xlsxBytes } from '../support/sheets.js';

/*
 * File and exam exports past the 4 MB a Lambda answer carries (D198): POST on the export path
 * starts the background job; its file is read from the bucket through the 302. The GET stays inline
 * and refuses such an export (413) instead of cutting it.
 */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const ROWS = 1_200;
/** ~1,500 Hangul syllables (4.5 KB in UTF-8) a question: 1,200 of them make a ~5.4 MB CSV from a small xlsx. */
const content = (i: number) => `${i}번 문제: ${'가나다라마바사아자차카타파하'.repeat(107)}`;

async function uploadLargeBank(user: FixtureUser): Promise<{ id: string; name: string }> {
  const rows = Array.from({ length: ROWS }, (_, i) => [String(i + 1), `제목 ${i + 1}`, content(i + 1), `답 ${i + 1}`]);
  const bytes = xlsxBytes([KO_HEADER.slice(0, 4), ...rows]);
  // The upload compresses well (the same syllables over and over): well under the 4 MB upload.
  expect(bytes.length).toBeLessThan(1024 * 1024);
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: 'false' }, { name: `large-${Date.now().toString(36)}.xlsx`, bytes }),
  });
  const body = (await res.json()) as { file: { id: string; name: string }; stats: { imported: number } };
  expect(res.status, JSON.stringify(body).slice(0, 500)).toBe(200);
  expect(body.stats.imported).toBe(ROWS);
  return body.file;
}

/** Starts the export at `path`, waits for the job, and reads its file through the download's 302. */
async function exportInBackground(user: FixtureUser, path: string) {
  const started = await user.client.post(path);
  expect(started.status).toBe(202);
  const job = (await started.json()) as { id: string; status: string; kind: string; file_name: string };
  expect(job.status).toBe('pending');
  const settled = await settledJob(user.client, job.id);
  expect(settled).toMatchObject({ id: job.id, status: 'done' });
  const res = await user.client.get(`/api/exports/${job.id}/download/`);
  expect(res.status).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  expect(file.status).toBe(200);
  return { job, file, bytes: Buffer.from(await file.arrayBuffer()) };
}

describe('exports over 4 MB are built in the background (D198)', () => {
  let owner: FixtureUser;
  let bank: { id: string; name: string };
  beforeAll(async () => {
    owner = await fixtureUser(apiUrl, { language: 'ko' });
    bank = await uploadLargeBank(owner);
  }, 120_000);

  it('a question file: the GET refuses it, the job builds every question into the bucket', async () => {
    const inline = await owner.client.get(`/api/question-files/${bank.id}/export/?format=csv`);
    expect(inline.status).toBe(413);
    expect(((await inline.json()) as { code: string }).code).toBe('export_too_large');

    const { job, file, bytes } = await exportInBackground(owner, `/api/question-files/${bank.id}/export/?format=csv`);
    expect(job).toMatchObject({ kind: 'question-file', file_name: `${bank.name.replace(/\.xlsx$/, '')}.csv` });
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
    const records = parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(ROWS);
    expect(records[ROWS - 1]).toMatchObject({ '문제 내용': content(ROWS) });
  }, 120_000);

  it('an exam of the same questions, as Anki text', async () => {
    const exam = await createExam(owner, {
      title: '큰 시험',
      question_count: ROWS,
      file_id: bank.id,
      is_public: false,
    });
    const { job, file, bytes } = await exportInBackground(owner, `/api/exam/${exam.id}/export/?format=txt`);
    expect(job).toMatchObject({ kind: 'exam-questions', file_name: '큰 시험.txt' });
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
    const text = bytes.toString('utf8');
    expect(text.startsWith('#separator:tab\n')).toBe(true);
    expect(text.split('\n').filter((l) => l.includes('번 문제: '))).toHaveLength(ROWS);
  }, 120_000);

  it('the build checks access again: a user who may not read the file gets file_not_found', async () => {
    const other = await fixtureUser(apiUrl, { language: 'en' });
    await expect(
      buildQuestionFileExport(other.id, { file_id: bank.id, format: 'csv', language: 'en' }),
    ).rejects.toMatchObject({ status: 404, code: 'file_not_found' });
  });
});
