import { randomBytes } from 'node:crypto';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, anonymousClient, type FixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { KO_HEADER, EN_HEADER, multipartForm, questionRows, xlsxBytes } from '../support/sheets.js';
import type { TestClient } from '../support/http-client.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

async function upload(user: FixtureUser, name: string, bytes: Buffer, isPublic: boolean) {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: String(isPublic) }, { name, bytes }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { file: { id: string; name: string }; stats: { imported: number } };
}

type ListedFile = { id: string; name: string; is_public: boolean; uploaded_by: string };

/** Every file the caller may list, page after page (name order, `next` cursor). */
async function listOf(client: TestClient, query = ''): Promise<ListedFile[]> {
  const files: ListedFile[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const params = new URLSearchParams(query.replace(/^\?/, ''));
    params.set('page_size', '200');
    if (cursor) params.set('cursor', cursor);
    const answer = (await (await client.get(`/api/question-files/?${params}`)).json()) as {
      files: ListedFile[];
      next: string | null;
    };
    files.push(...answer.files);
    cursor = answer.next;
  }
  return files;
}

describe('question files', () => {
  let owner: FixtureUser;
  let other: FixtureUser;
  let admin: FixtureUser;
  let privateId: string;
  let publicId: string;
  const privateName = `private-${Date.now()}.xlsx`;
  const publicName = `public-${Date.now()}.xlsx`;

  beforeAll(async () => {
    owner = await fixtureUser(apiUrl);
    other = await fixtureUser(apiUrl);
    admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    privateId = (await upload(owner, privateName, xlsxBytes([KO_HEADER, ...questionRows(3)]), false)).file.id;
    publicId = (await upload(owner, publicName, xlsxBytes([KO_HEADER, ...questionRows(2)]), true)).file.id;
  });

  it('lists own and public files; another user sees only the public one; admins filter', async () => {
    const mine = await listOf(owner.client);
    expect(mine.map((f) => f.id)).toEqual(expect.arrayContaining([privateId, publicId]));
    const theirs = await listOf(other.client);
    expect(theirs.map((f) => f.id)).toContain(publicId);
    expect(theirs.map((f) => f.id)).not.toContain(privateId);
    const adminPrivate = await listOf(admin.client, '?is_public=false');
    expect(adminPrivate.map((f) => f.id)).toContain(privateId);
    expect(adminPrivate.every((f) => !f.is_public)).toBe(true);
    const adminPublic = await listOf(admin.client, '?is_public=true');
    expect(adminPublic.map((f) => f.id)).toContain(publicId);
    expect(adminPublic.map((f) => f.id)).not.toContain(privateId);
    expect(mine.find((f) => f.id === privateId)).toMatchObject({ uploaded_by: owner.username, is_public: false });
  });

  it("answers check-existing for the caller's own name space", async () => {
    const own = await (
      await owner.client.get(`/api/question-files/check-existing/${encodeURIComponent(privateName)}/`)
    ).json();
    expect(own).toEqual({ exists: true, is_private: true, is_owner: true });
    const foreign = await (
      await other.client.get(`/api/question-files/check-existing/${encodeURIComponent(privateName)}/`)
    ).json();
    expect(foreign).toEqual({ exists: false, is_private: false, is_owner: false });
  });

  it('keys uploads per owner: the same name from another user never overwrites', async () => {
    const theirs = await upload(other, privateName, xlsxBytes([KO_HEADER, ...questionRows(1)]), false);
    expect(theirs.file.id).not.toBe(privateId);
    const res = await owner.client.get(`/api/question-files/${privateId}/download/`);
    expect(res.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!)).toHaveLength(3);
  });

  it("replaces the owner's file of the same name and drops the old questions", async () => {
    const user = await fixtureUser(apiUrl);
    const first = await upload(user, 'same.xlsx', xlsxBytes([KO_HEADER, ...questionRows(4)]), true);
    const second = (await (
      await user.client.request('POST', '/api/upload-questions/', {
        body: multipartForm(
          { is_public: 'true' },
          { name: 'same.xlsx', bytes: xlsxBytes([KO_HEADER, ...questionRows(2)]) },
        ),
      })
    ).json()) as { replaced: boolean; file: { id: string } };
    expect(second.replaced).toBe(true);
    const items = await itemsOwnedBy(user.id);
    expect(items.filter((i) => i.type === 'QUESTION')).toHaveLength(2);
    expect(items.filter((i) => i.type === 'FILE').map((i) => i.id)).toEqual([second.file.id]);
    expect(await objectsUnder(`files/${user.id}/${first.file.id}`)).toEqual([]);
  });

  it('downloads: owner, admin and anyone for public; others get 404 for private; anonymous 401', async () => {
    for (const [client, id, status] of [
      [owner.client, privateId, 200],
      [admin.client, privateId, 200],
      [other.client, privateId, 404],
      [other.client, publicId, 200],
    ] as const) {
      const res = await client.get(`/api/question-files/${id}/download/`);
      expect(res.status, `${id}`).toBe(status);
      if (status === 200) {
        expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
        expect(res.headers.get('content-disposition')).toMatch(/attachment/);
      }
    }
    const anon = await anonymousClient(apiUrl);
    expect((await anon.get(`/api/question-files/${publicId}/download/`)).status).toBe(401);
    expect((await other.client.get(`/api/question-files/${encodeURIComponent(publicName)}/download/`)).status).toBe(
      200,
    );
  });

  it('edits the public flag: owner and admin only', async () => {
    expect((await other.client.patch(`/api/question-files/${publicId}/`, { is_public: false })).status).toBe(403);
    expect((await other.client.patch(`/api/question-files/${privateId}/`, { is_public: true })).status).toBe(404);
    const anon = await anonymousClient(apiUrl);
    expect((await anon.patch(`/api/question-files/${publicId}/`, { is_public: false })).status).toBe(401);
    const byOwner = await owner.client.patch(`/api/question-files/${publicId}/`, { is_public: false });
    expect(byOwner.status).toBe(200);
    expect(((await byOwner.json()) as { file: { is_public: boolean } }).file.is_public).toBe(false);
    expect((await listOf(other.client)).map((f) => f.id)).not.toContain(publicId);
    expect((await admin.client.patch(`/api/question-files/${publicId}/`, { is_public: true })).status).toBe(200);
    expect((await listOf(other.client)).map((f) => f.id)).toContain(publicId);
  });

  it('deletes: others refused, owner removes record, questions and object', async () => {
    const user = await fixtureUser(apiUrl);
    const { file } = await upload(user, 'doomed.xlsx', xlsxBytes([KO_HEADER, ...questionRows(3)]), true);
    expect((await other.client.delete(`/api/question-files/${file.id}/delete/`)).status).toBe(403);
    const anon = await anonymousClient(apiUrl);
    expect((await anon.delete(`/api/question-files/${file.id}/delete/`)).status).toBe(401);
    const res = await user.client.delete(`/api/question-files/doomed.xlsx/delete/`);
    expect(res.status).toBe(200);
    expect(await itemsOwnedBy(user.id)).toEqual([]);
    expect(await objectsUnder(`files/${user.id}/`)).toEqual([]);
    expect((await user.client.delete(`/api/question-files/doomed.xlsx/delete/`)).status).toBe(404);
  });

  it("admin deletes another user's private file", async () => {
    const user = await fixtureUser(apiUrl);
    const { file } = await upload(user, 'admin-target.xlsx', xlsxBytes([KO_HEADER, ...questionRows(1)]), false);
    expect((await admin.client.delete(`/api/question-files/${file.id}/delete/`)).status).toBe(200);
    expect(await itemsOwnedBy(user.id)).toEqual([]);
  });

  it('imports through a presigned S3 upload, with the same importer', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const sheet = new Uint8Array(xlsxBytes([EN_HEADER, ...questionRows(5)]));
    const ticket = (await (
      await user.client.post('/api/question-files/upload-url/', { file_name: 'direct.xlsx', size: sheet.length })
    ).json()) as {
      upload_id: string;
      url: string;
    };
    expect(ticket.url).toContain(`pending/${user.id}/${ticket.upload_id}`);
    expect(new URL(ticket.url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    const put = await fetch(ticket.url, { method: 'PUT', body: sheet });
    expect(put.status).toBe(200);
    const res = await user.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: 'direct.xlsx',
      is_public: false,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { file: { id: string; is_public: boolean }; stats: { imported: number } };
    expect(body.stats.imported).toBe(5);
    expect(body.file.is_public).toBe(false);
    expect(await objectsUnder(`pending/${user.id}/`)).toEqual([]);
    // The key holds ids only; the name travels as Content-Disposition.
    expect(await objectsUnder(`files/${user.id}/${body.file.id}`)).toEqual([`files/${user.id}/${body.file.id}`]);
  });

  it('answers a file too big for a Lambda answer with a redirect to a short-lived presigned GET', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    // Random text does not compress: ~450 cells of 10,000 characters make an xlsx over 4 MB.
    const rows = Array.from({ length: 450 }, (_, i) => [
      String(i + 1),
      `T${i}`,
      randomBytes(7500).toString('base64'),
      `A${i}`,
    ]);
    const sheet = new Uint8Array(xlsxBytes([EN_HEADER.slice(0, 4), ...rows]));
    expect(sheet.length).toBeGreaterThan(4 * 1024 * 1024);
    const ticket = (await (
      await user.client.post('/api/question-files/upload-url/', { file_name: '큰 파일.xlsx', size: sheet.length })
    ).json()) as {
      upload_id: string;
      url: string;
    };
    expect((await fetch(ticket.url, { method: 'PUT', body: sheet })).status).toBe(200);
    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: '큰 파일.xlsx',
      is_public: false,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const { file } = (await imported.json()) as { file: { id: string } };

    const res = await user.client.get(`/api/question-files/${file.id}/download/`);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(new URL(location).pathname).toMatch(new RegExp(`/files/${user.id}/${file.id}$`));
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('큰 파일.xlsx')}`,
    );
    expect(new Uint8Array(await object.arrayBuffer())).toEqual(sheet);
  }, 120_000);

  it("refuses a presigned upload that is not a spreadsheet, leaving nothing, and another user's upload id", async () => {
    const user = await fixtureUser(apiUrl);
    const ticket = (await (
      await user.client.post('/api/question-files/upload-url/', { file_name: 'x.xlsx', size: 9 })
    ).json()) as { upload_id: string; url: string };
    await fetch(ticket.url, { method: 'PUT', body: 'just text' });
    const stolen = await other.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: 'x.xlsx',
    });
    expect(stolen.status).toBe(404);
    const res = await user.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: 'x.xlsx',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('sheet_not_spreadsheet');
    expect(await itemsOwnedBy(user.id)).toEqual([]);
    expect(await objectsUnder(`pending/${user.id}/`)).toEqual([]);
    expect((await user.client.post('/api/question-files/upload-url/', { file_name: 'x.pdf', size: 9 })).status).toBe(
      400,
    );
    expect(
      (await user.client.post('/api/question-files/upload-url/', { file_name: 'x.xlsx' })).status,
      'size is required',
    ).toBe(400);
    expect(
      (await user.client.post('/api/question-files/upload-url/', { file_name: 'x.xlsx', size: 11 * 1024 * 1024 }))
        .status,
    ).toBe(413);
  });

  it('serves the Korean and English sample spreadsheets, which import cleanly', async () => {
    const anon = await anonymousClient(apiUrl);
    for (const lang of ['ko', 'en'] as const) {
      const res = await anon.get(`/api/question-files/samples/${lang}/`);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const book = XLSX.read(bytes, { type: 'buffer' });
      expect(book.SheetNames[0]).toBe(lang === 'ko' ? '문제 목록' : 'Questions');
      const user = await fixtureUser(apiUrl, { language: lang });
      const imported = await upload(user, `sample-${lang}.xlsx`, bytes, true);
      expect(imported.stats.imported).toBe(5);
    }
    expect((await anon.get('/api/question-files/samples/fr/')).status).toBe(400);
  });
});
