import * as XLSX from 'xlsx';
import { describe, expect, inject, it } from 'vitest';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser } from '../support/fixture-users.js';
import { multipartForm, xlsxBytes } from '../support/sheets.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

describe('admin exam sheets', () => {
  it('downloads every exam as exams_{timestamp}.xlsx and creates exams from an uploaded sheet with stats', async () => {
    const admin = await fixtureUser(apiUrl, { role: 'admin_role', language: 'en' });
    const user = await fixtureUser(apiUrl);
    const stamp = Date.now().toString(36);
    const file = await uploadBank(admin, `sheet-${stamp}.xlsx`, 6);
    await createExam(admin, { title: `Existing ${stamp}`, question_count: 0 });
    const tag = (await (await admin.client.post('/api/tags/', { name: `SheetTag${stamp}` })).json()) as { id: string };

    const rows = [
      ['Title', 'Description', 'File Name', 'Question Count', 'Public', 'Original', 'Tags'],
      [`Sheet A ${stamp}`, 'from the sheet', file.name, '4', 'FALSE', 'TRUE', `SheetTag${stamp}`],
      [`Sheet B ${stamp}`, '', '', '', '', '', ''],
      [`existing ${stamp}`, '', '', '', '', '', ''],
      [`Sheet C ${stamp}`, '', '', '', '', '', 'no such tag'],
      ['', 'no title', '', '', '', '', ''],
    ];
    const upload = (client: typeof admin.client, bytes: Buffer, name = 'exams.xlsx') =>
      client.request('POST', '/api/exams/upload-excel/', { body: multipartForm({}, { name, bytes }) });
    const res = await upload(admin.client, xlsxBytes(rows));
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as {
      stats: { total_exams: number; created: number; skipped: number; errors: number; error_details: string[] };
    };
    expect(body.stats).toMatchObject({ total_exams: 5, created: 2, skipped: 1, errors: 2 });
    expect(body.stats.error_details[0]).toMatch(/^5: Tags not found: no such tag/);
    expect(body.stats.error_details[1]).toMatch(/^6: /);

    const mine = (await (await admin.client.get(`/api/exams/?my_exams=true&search=sheet a ${stamp}`)).json()) as {
      results: Record<string, any>[];
    };
    expect(mine.results[0]).toMatchObject({
      total_questions: 4,
      is_public: false,
      file_name: file.name,
      description: 'from the sheet',
    });
    expect(mine.results[0]!.tags.map((t: { id: string }) => t.id)).toEqual([tag.id]);

    const download = await admin.client.get('/api/exams/download-excel/');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/exams_\d{8}_\d{6}\.xlsx/);
    const book = XLSX.read(new Uint8Array(await download.arrayBuffer()), { type: 'array' });
    const listed = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]!]!);
    expect(listed.map((r) => r.Title)).toEqual(
      expect.arrayContaining([`Sheet A ${stamp}`, `Sheet B ${stamp}`, `Existing ${stamp}`]),
    );

    // refusals
    expect((await user.client.get('/api/exams/download-excel/')).status).toBe(403);
    expect((await (await anonymousClient(apiUrl)).get('/api/exams/download-excel/')).status).toBe(401);
    expect((await upload(user.client, xlsxBytes(rows))).status).toBe(403);
    const csv = await upload(admin.client, Buffer.from('Title\nx\n'), 'exams.csv');
    expect(csv.status).toBe(400);
    const noTitle = await upload(admin.client, xlsxBytes([['Name'], ['x']]));
    expect(((await noTitle.json()) as { code: string }).code).toBe('sheet_missing_column');
  });
});
