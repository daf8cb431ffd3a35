import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { objectsUnder } from '../support/exam-store.js';
import { multipartForm } from '../support/sheets.js';
import { png as pngOf } from '../support/images.js';
import { apkgBytes } from '../support/anki-deck.js';

const png = (width: number, height: number, rows = true) => pngOf(width, height, { rows, text: 'GPS 37.5N 127.0E' });
import type { TestClient } from '../support/http-client.js';
import { userDataExport } from '../support/export-jobs.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Who = 'anonymous' | 'owner' | 'other' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'other', 'admin'];
type Json = Record<string, any>;

let owner: FixtureUser;
let clients: Record<Who, TestClient>;

beforeAll(async () => {
  owner = await fixtureUser(apiUrl);
  const other = await fixtureUser(apiUrl);
  const admin = await fixtureUser(apiUrl, { role: 'admin_role' });
  clients = { anonymous: await anonymousClient(apiUrl), owner: owner.client, other: other.client, admin: admin.client };
});

const newExam = async (isPublic: boolean) =>
  (await createExam(owner, { title: `images ${Date.now()}-${Math.random()}`, question_count: 0, is_public: isPublic }))
    .id;

const upload = (client: TestClient, examId: string, bytes: Buffer, name = 'diagram.png', type = 'image/png') =>
  client.request('POST', `/api/exam/${examId}/images/`, { body: multipartForm({}, { name, bytes, type }) });

describe('authorization matrix: question images', () => {
  for (const isPublic of [false, true]) {
    const visibility = isPublic ? 'public' : 'private';
    it(`POST exam/{examId}/images (${visibility} exam): editors only`, async () => {
      const seen: Record<string, number> = {};
      for (const who of WHO) seen[who] = (await upload(clients[who], await newExam(isPublic), png(4, 4))).status;
      expect(seen).toEqual({ anonymous: 401, owner: 200, other: isPublic ? 403 : 404, admin: 200 });
    });

    it(`GET exam/{examId}/images/{imageId} (${visibility} exam): whoever reads the exam`, async () => {
      const examId = await newExam(isPublic);
      const res = await upload(owner.client, examId, png(30, 20));
      expect(res.status, await res.clone().text()).toBe(200);
      const image = (await res.json()) as Json;
      expect(image).toMatchObject({ width: 30, height: 20, content_type: 'image/png' });
      expect(image.url).toBe(`/api/exam/${examId}/images/${image.id}/#30x20`);
      const seen: Record<string, number> = {};
      for (const who of WHO) {
        const read = await clients[who].get(`/api/exam/${examId}/images/${image.id}/`);
        seen[who] = read.status;
        if (read.status !== 200) continue;
        expect(read.headers.get('content-type')).toBe('image/png');
        expect(read.headers.get('cache-control')).toBe(
          isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
        );
        expect(Buffer.from(await read.arrayBuffer()).includes('37.5N')).toBe(false);
      }
      expect(seen).toEqual(
        isPublic
          ? { anonymous: 200, owner: 200, other: 200, admin: 200 }
          : { anonymous: 404, owner: 200, other: 404, admin: 200 },
      );
    });
  }
});

describe('authorization matrix: imported images (D176)', () => {
  for (const isPublic of [false, true]) {
    const visibility = isPublic ? 'public' : 'private';
    it(`GET file/{fileId}/images/{imageId} (${visibility} file): whoever reads the file`, async () => {
      const deck = await apkgBytes([{ fields: ['<img src="a.png">', 'a'] }], 'anki2', { 'a.png': png(6, 6) });
      const res = await owner.client.request('POST', '/api/upload-questions/', {
        body: multipartForm(
          { is_public: String(isPublic) },
          { name: `matrix-${visibility}-${Date.now()}.apkg`, bytes: deck },
        ),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const fileId = ((await res.json()) as Json).file.id as string;
      const [key] = await objectsUnder(`file-images/${fileId}/`);
      const seen: Record<string, number> = {};
      for (const who of WHO)
        seen[who] = (await clients[who].get(`/api/file/${fileId}/images/${key!.split('/')[2]}/`)).status;
      expect(seen).toEqual(
        isPublic
          ? { anonymous: 200, owner: 200, other: 200, admin: 200 }
          : { anonymous: 404, owner: 200, other: 404, admin: 200 },
      );
      expect((await owner.client.get(`/api/file/${fileId}/images/aaaaaaaaaaaaaaaaaaaa/`)).status).toBe(404);
      expect((await owner.client.get(`/api/file/${fileId}/images/..%2F..%2Ffiles/`)).status).toBe(404);
    });
  }
});

describe('image uploads that are refused store nothing', () => {
  let examId: string;
  beforeAll(async () => {
    examId = await newExam(false);
  });

  const refused = async (res: Response, status: number, code: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    const body = (await res.json()) as Json;
    expect(body.code).toBe(code);
    expect(body.detail).toEqual(expect.any(String));
  };

  it('a file that lies about its type (SVG, HTML named .png)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    await refused(await upload(owner.client, examId, svg, 'photo.png', 'image/png'), 415, 'image_type_unsupported');
    await refused(await upload(owner.client, examId, svg, 'x.svg', 'image/svg+xml'), 415, 'image_type_unsupported');
  });

  it('a decompression bomb: a tiny PNG declaring 50,000 × 50,000 pixels', async () => {
    const bomb = png(50_000, 50_000, false);
    expect(bomb.length).toBeLessThan(200);
    await refused(await upload(owner.client, examId, bomb), 400, 'image_dimensions_too_large');
  });

  it('a 2.1 MB file', async () => {
    const big = Buffer.concat([png(8, 8), Buffer.alloc(2.1 * 1024 * 1024)]);
    await refused(await upload(owner.client, examId, big), 413, 'image_too_large');
  });

  it('a truncated upload', async () => {
    const whole = png(16, 16);
    await refused(await upload(owner.client, examId, whole.subarray(0, whole.length - 20)), 400, 'image_truncated');
  });

  it("another user's exam key: upload refused, read of a made-up id 404", async () => {
    const res = await upload(clients.other, examId, png(4, 4));
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).code).toBe('exam_not_found');
    await refused(await owner.client.get(`/api/exam/${examId}/images/aaaaaaaaaaaaaaaaaaaa/`), 404, 'image_not_found');
    await refused(await owner.client.get(`/api/exam/${examId}/images/..%2F..%2Ffiles/`), 404, 'image_not_found');
  });

  it('nothing was stored under the exam', async () => {
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
  });
});

describe('images leave with their exam (the bucket is listed)', () => {
  it('deleting the exam deletes its images', async () => {
    const examId = await newExam(false);
    for (const size of [4, 8]) expect((await upload(owner.client, examId, png(size, size))).status).toBe(200);
    expect(await objectsUnder(`images/${examId}/`)).toHaveLength(2);
    expect((await owner.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
  });

  it("a withdrawal deletes the images of the user's private exams and keeps a public exam's", async () => {
    const leaving = await fixtureUser(apiUrl);
    const make = async (isPublic: boolean) => {
      const { id } = await createExam(leaving, {
        title: `leaving ${Date.now()}-${isPublic}`,
        question_count: 0,
        is_public: isPublic,
      });
      expect((await upload(leaving.client, id, png(4, 4))).status).toBe(200);
      return id;
    };
    const [privateExam, publicExam] = [await make(false), await make(true)];
    expect((await leaving.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await objectsUnder(`images/${privateExam}/`)).toEqual([]);
    expect(await objectsUnder(`images/${publicExam}/`)).toHaveLength(1);
  });
});

describe('deleting questions sweeps the images no other question of the exam uses', () => {
  it('single and bulk delete', async () => {
    const file = await uploadBank(owner, `images-sweep-${Date.now()}.xlsx`, 3, false);
    const { id: examId } = await createExam(owner, {
      title: `sweep ${Date.now()}`,
      question_count: 3,
      file_id: file.id,
    });
    const [first, second] = (await (await owner.client.get(`/api/exam/${examId}/questions/`)).json()) as Json[];
    const url = async () => ((await (await upload(owner.client, examId, png(4, 4))).json()) as Json).url as string;
    const [only, shared, unused] = [await url(), await url(), await url()];
    const edit = (id: string, content: string) =>
      owner.client.patch(`/api/questions/${id}/update/`, { exam_id: examId, content, format: 'markdown' });
    expect((await edit(first!.id, `![a](${only}) ![b](${shared})`)).status).toBe(200);
    expect((await edit(second!.id, `![b](${shared})`)).status).toBe(200);
    const idOf = (u: string) => `images/${examId}/${u.split('/')[5]}`;
    expect((await objectsUnder(`images/${examId}/`)).sort()).toEqual([idOf(only), idOf(shared), idOf(unused)].sort());

    expect((await owner.client.delete(`/api/questions/${first!.id}/?exam_id=${examId}`)).status).toBe(200);
    expect((await objectsUnder(`images/${examId}/`)).sort()).toEqual([idOf(shared), idOf(unused)].sort());

    const bulk = await owner.client.post('/api/delete-questions/', { exam_id: examId, question_ids: [second!.id] });
    expect(bulk.status).toBe(200);
    // An image no question ever referenced stays until the exam goes (D138).
    expect(await objectsUnder(`images/${examId}/`)).toEqual([idOf(unused)]);
  });
});

describe('the data export lists the images of the exams the user created', () => {
  it('an images sheet with each image and where it is read', async () => {
    const author = await fixtureUser(apiUrl);
    const { id: examId } = await createExam(author, {
      title: `export ${Date.now()}`,
      question_count: 0,
      is_public: false,
    });
    const image = (await (await upload(author.client, examId, png(4, 4))).json()) as Json;
    const res = await userDataExport(author.client);
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets.images!)).toEqual([
      { exam_id: examId, image_id: image.id, url: `/api/exam/${examId}/images/${image.id}/` },
    ]);
  });
});
