import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { removeExpiredExports, runExportJob } from '../../functions/domains/accounts/export-jobs.js';
import { listObjectKeys, putObject } from '../../functions/domains/files/index.js';
import { XLSX_CONTENT_TYPE } from '../../functions/runtime/http/reply.js';
import { clientFor, makeUser, useCloudEnv } from '../support/accounts.js';
import { settledJob, writeExportJob } from '../support/export-jobs.js';

/** Background exports (D195, D196): start → 202 job → poll → 302 to a presigned GET of the file in the bucket. */
const apiUrl = inject('apiUrl');

async function download(location: string): Promise<XLSX.WorkBook> {
  const file = await fetch(location);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
  return XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
}

describe('background exports', () => {
  beforeAll(() => {
    useCloudEnv();
  });

  it('builds the data export in the background and answers a link to it', async () => {
    const user = await makeUser({ first_name: '배경' });
    const client = await clientFor(apiUrl, user);
    // Only a POST builds it: a GET (what an image in someone's content would send) is no route.
    const viaGet = await client.get('/api/export-user-data/');
    expect([viaGet.status, ((await viaGet.json()) as { code: string }).code]).toEqual([404, 'route_not_found']);
    const started = await client.post('/api/export-user-data/');
    expect(started.status).toBe(202);
    const job = (await started.json()) as { id: string; status: string; kind: string; file_name: string };
    expect(job).toMatchObject({
      status: 'pending',
      kind: 'user-data',
      file_name: `user_data_export_${user.username}.xlsx`,
    });

    expect(await settledJob(client, job.id)).toMatchObject({ id: job.id, status: 'done' });
    const res = await client.get(`/api/exports/${job.id}/download/`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const book = await download(res.headers.get('location')!);
    expect(book.SheetNames[0]).toBe('profile');
    const profile = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.profile!);
    expect(profile).toEqual([expect.objectContaining({ id: user.id, username: user.username, first_name: '배경' })]);
  });

  it('builds the users sheet in the background for an admin', async () => {
    const admin = await makeUser({ role: 'admin_role' });
    const listed = await makeUser({ first_name: 'Listed' });
    const client = await clientFor(apiUrl, admin);
    const started = await client.post('/api/users/download-excel/');
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    expect(await settledJob(client, id)).toMatchObject({
      status: 'done',
      kind: 'users-sheet',
      file_name: 'users.xlsx',
    });
    const res = await client.get(`/api/exports/${id}/download/`);
    expect(res.status).toBe(302);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      (await download(res.headers.get('location')!)).Sheets.users!,
    );
    const usernames = rows.map((r) => r.username);
    expect(usernames).toContain(admin.username);
    expect(usernames).toContain(listed.username);
  });

  it('records a failed build on the job, with its code and message in both languages', async () => {
    for (const [language, detail] of [
      ['en', 'The export could not be built. Please start it again.'],
      ['ko', '내보내기 파일을 만들지 못했습니다. 다시 시작해 주세요.'],
    ] as const) {
      const user = await makeUser({ language });
      const client = await clientFor(apiUrl, user, language);
      const id = await writeExportJob(user.id, 'pending');
      await runExportJob({ job_id: id }, () => Promise.reject(new Error('the workbook could not be written')));
      expect(await (await client.get(`/api/exports/${id}/`)).json()).toMatchObject({
        status: 'failed',
        code: 'export_failed',
        detail,
      });
      const res = await client.get(`/api/exports/${id}/download/`);
      expect(res.status).toBe(409);
      expect(errorAnswer().parse(await res.json())).toMatchObject({ code: 'export_failed', detail });
      // A second delivery of the same event (Lambda retries async invocations) leaves a settled job alone.
      await runExportJob({ job_id: id }, () => Promise.resolve(new Uint8Array([1])));
      expect(await (await client.get(`/api/exports/${id}/`)).json()).toMatchObject({ status: 'failed' });
    }
  });

  it('refuses unknown and malformed job ids with stable codes', async () => {
    const client = await clientFor(apiUrl, await makeUser());
    const missing = await client.get('/api/exports/aaaaaaaaaaaaaaaaaaaa/');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'export_not_found' });
    const ko = await clientFor(apiUrl, await makeUser(), 'ko');
    const missingKo = await ko.get('/api/exports/aaaaaaaaaaaaaaaaaaaa/download/');
    expect(await missingKo.json()).toMatchObject({
      code: 'export_not_found',
      detail: expect.stringContaining('내보내기'),
    });
    const malformed = await client.get('/api/exports/NOT-AN-ID/');
    expect(malformed.status).toBe(400);
    expect(errorAnswer().parse(await malformed.json()).code).toBeTruthy();
  });

  it('answers 409 export_not_ready while the job is pending', async () => {
    const user = await makeUser();
    const client = await clientFor(apiUrl, user);
    const id = await writeExportJob(user.id, 'pending');
    const res = await client.get(`/api/exports/${id}/download/`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'export_not_ready' });
  });

  it('the local Invoke API takes only asynchronous invocations of groups with background work', async () => {
    const invoke = (name: string, type: string) =>
      fetch(`${apiUrl}/2015-03-31/functions/${name}/invocations`, {
        method: 'POST',
        headers: { 'x-amz-invocation-type': type },
        body: JSON.stringify({ background: 'export', payload: { job_id: 'none' } }),
      });
    expect((await invoke('profile-export', 'Event')).status).toBe(202);
    expect((await invoke('profile-export', 'RequestResponse')).status).toBe(400);
    expect((await invoke('exams', 'Event')).status).toBe(400);
    expect((await invoke('no-such-function', 'Event')).status).toBe(404);
  });

  it('the retention job removes export files of past days and keeps recent ones', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = `exports/2020-01-01/someone/${Date.now()}`;
    const fresh = `exports/${today}/someone/${Date.now()}`;
    for (const key of [old, fresh])
      await putObject(key, new Uint8Array([1]), { contentType: 'application/octet-stream', fileName: 'x' });
    expect(await removeExpiredExports()).toBeGreaterThanOrEqual(1);
    const left = await listObjectKeys('exports/');
    expect(left).not.toContain(old);
    expect(left).toContain(fresh);
  });
});
