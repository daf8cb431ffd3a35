import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { objectsUnder } from '../support/exam-store.js';
import { png } from '../support/images.js';
import { EN_HEADER, csvBytes, multipartForm } from '../support/sheets.js';

/*
 * Images in the exam detail's update from a sheet (D257) and in the import from the connected file
 * (D258). The sheet's image URLs point at this file's own local server, the one origin the fetch guard
 * lets through over http for it (IMPORT_IMAGE_TEST_ORIGINS, tests/support/integration-setup.ts).
 */

const apiUrl = inject('apiUrl');
const port = inject('sheetImageServerPort');
Object.assign(process.env, inject('cloudEnv'));
const local = `http://127.0.0.1:${port}`;

type Json = Record<string, any>;
let server: Server;
/** Requests this server answered: the preview must send none. */
let served = 0;
/** `/held.png` answers only once the test calls `release()`; `arrived` settles when the request is in. */
interface Gate {
  arrived: Promise<void>;
  release(): void;
}
let held: { gate: Gate; arrive: (respond: () => void) => void } | null = null;

function holdNextImage(): Gate {
  let respond: (() => void) | null = null;
  let arrive!: () => void;
  const gate: Gate = {
    arrived: new Promise<void>((resolve) => (arrive = resolve)),
    release: () => respond?.(),
  };
  held = {
    gate,
    arrive: (answer) => {
      respond = answer;
      arrive();
    },
  };
  return gate;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    served += 1;
    if (req.url === '/diagram.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png(24, 12, { text: 'GPS 37.5N' }));
    if (req.url === '/wide.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png(40, 10));
    if (req.url === '/vector.svg')
      return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (req.url === '/held.png' && held)
      return held.arrive(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png(8, 8)));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function json<T = Json>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

const questionsOf = async (user: FixtureUser, examId: string) =>
  json<Json[]>(await user.client.get(`/api/exam/${examId}/questions/`));

const byCsvId = (questions: Json[]) => new Map(questions.map((q) => [String(q.csv_id), q]));

async function bankExam(user: FixtureUser, count: number, take = count) {
  const file = await uploadBank(user, `sheet-images-${Date.now()}-${count}.xlsx`, count, false);
  const { id } = await createExam(user, {
    title: `sheet images ${Date.now()}`,
    question_count: take,
    file_id: file.id,
    is_public: false,
  });
  return { fileId: file.id, examId: id };
}

const update = (user: FixtureUser, examId: string, rows: string[][]) =>
  user.client.request('POST', `/api/exam/${examId}/update-questions-from-excel/`, {
    body: multipartForm({}, { name: 'update.csv', bytes: csvBytes([EN_HEADER, ...rows]) }),
  });

const row = (id: string, content: string, explanation = ''): string[] => [
  id,
  `Title ${id}`,
  content,
  `answer ${id}`,
  explanation,
  'Medium',
  '',
  '',
];

describe('update from a sheet: images', () => {
  it('stores a Markdown image cell under the exam, points the text at the exam route, and reports a refused one by row', async () => {
    const owner = await fixtureUser(apiUrl, { language: 'en' });
    const { examId } = await bankExam(owner, 3);
    const answer = await json(
      await update(owner, examId, [
        row('1', `Look at ![a diagram](${local}/diagram.png) here`),
        row('2', 'Plain content 2', `Why: ![the wide one](${local}/wide.png)`),
        row('3', `![a vector](${local}/vector.svg)`),
      ]),
    );
    expect(answer.stats).toMatchObject({
      total_rows: 3,
      updated: 3,
      errors: 0,
      images: {
        stored: 2,
        warnings: [{ line: 4, name: `${local}/vector.svg`, code: 'image_type_unsupported' }],
      },
    });
    expect(answer.stats.error_details).toEqual([
      `Row 4: ${local}/vector.svg is not a PNG, JPEG, WebP or GIF image; its alt text was kept.`,
    ]);

    const stored = await objectsUnder(`images/${examId}/`);
    expect(stored).toHaveLength(2);
    const ids = new Set(stored.map((key) => key.split('/')[2]!));
    const after = byCsvId(await questionsOf(owner, examId));
    const imageOf = (text: string) => /\/api\/exam\/[0-9a-z]+\/images\/([0-9a-z]{20})\/#(\d+x\d+)/.exec(text);
    const first = imageOf(after.get('1')!.content)!;
    expect(after.get('1')).toMatchObject({ format: 'markdown' });
    expect(after.get('1')!.content).toBe(`Look at ![a diagram](/api/exam/${examId}/images/${first[1]}/#24x12) here`);
    const second = imageOf(after.get('2')!.explanation)!;
    expect(second[2]).toBe('40x10');
    expect(ids).toEqual(new Set([first[1], second[1]]));
    // The refused image leaves its alt text; the question stays as it was (plain).
    expect(after.get('3')!.content).toBe('a vector');
    expect(after.get('3')!.format ?? 'plain').toBe('plain');

    // Served by the exam's route, its metadata cut (the upload's checks).
    const image = await owner.client.get(`/api/exam/${examId}/images/${first[1]}/`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).includes('37.5N')).toBe(false);

    // A later update that drops an image deletes it; the other stays.
    await json(await update(owner, examId, [row('1', 'No picture any more')]));
    expect(await objectsUnder(`images/${examId}/`)).toEqual([`images/${examId}/${second[1]}`]);

    expect((await owner.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
  });

  it('a sheet whose only image is refused stores nothing; the row reason is given in Korean too', async () => {
    const owner = await fixtureUser(apiUrl, { language: 'ko' });
    const { examId } = await bankExam(owner, 1);
    const answer = await json(
      await update(owner, examId, [row('1', `![없는 그림](${local}/absent.png)`), row('2', 'x')]),
    );
    expect(answer.stats.images).toEqual({
      stored: 0,
      warnings: [{ line: 2, name: `${local}/absent.png`, code: 'image_fetch_failed' }],
    });
    expect(answer.stats.error_details).toContain(
      `2행: 그림 ${local}/absent.png을(를) 가져오지 못해 대체 텍스트만 남겼습니다.`,
    );
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
  });

  it('an update refused at its write removes the images it stored (nothing half-written)', async () => {
    const owner = await fixtureUser(apiUrl, { language: 'en' });
    const { examId } = await bankExam(owner, 2);
    const before = byCsvId(await questionsOf(owner, examId));
    const gate = holdNextImage();
    const pending = update(owner, examId, [
      row('1', `![held](${local}/held.png)`),
      row('2', `![diagram](${local}/diagram.png)`),
    ]);
    // While the image is being fetched, question 2 leaves the exam: the update's write then finds it changed.
    await gate.arrived;
    const removed = await owner.client.post('/api/delete-questions/', {
      exam_id: examId,
      question_ids: [before.get('2')!.id],
    });
    expect(removed.status).toBe(200);
    gate.release();
    const res = await pending;
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).code).toBe('exam_questions_changed');
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
    expect(byCsvId(await questionsOf(owner, examId)).get('1')).toEqual(before.get('1'));
  });
});

describe('import from the connected file: images', () => {
  it("copies the file's images under the exam and points the added questions at the exam route", async () => {
    const owner = await fixtureUser(apiUrl, { language: 'en' });
    const upload = await owner.client.request('POST', '/api/upload-questions/', {
      body: multipartForm(
        { is_public: 'false' },
        {
          name: `connected-images-${Date.now()}.csv`,
          bytes: csvBytes([EN_HEADER, ...['1', '2', '3'].map((id) => row(id, `![map](${local}/diagram.png)`))]),
        },
      ),
    });
    const fileId = (await json(upload)).file.id as string;
    expect(await objectsUnder(`file-images/${fileId}/`)).toHaveLength(1);
    const { id: examId } = await createExam(owner, {
      title: `connected ${Date.now()}`,
      question_count: 1,
      file_id: fileId,
      is_public: false,
    });
    expect(await objectsUnder(`images/${examId}/`)).toHaveLength(1);

    const imported = await json(await owner.client.post(`/api/exam/${examId}/import-from-connected-file/`, {}));
    expect(imported.stats).toMatchObject({ imported: 2 });
    const questions = await questionsOf(owner, examId);
    expect(questions).toHaveLength(3);
    for (const q of questions) {
      expect(q.content).toMatch(new RegExp(`^!\\[map\\]\\(/api/exam/${examId}/images/[0-9a-z]{20}/#24x12\\)$`));
      expect(q.format).toBe('markdown');
      const url = /\((\/api\/exam\/[^#]+)#/.exec(q.content)![1]!;
      expect((await owner.client.get(url)).status).toBe(200);
    }
    // One copy per creation and one per import call: both under the exam, none left pointing at the file.
    expect(await objectsUnder(`images/${examId}/`)).toHaveLength(2);
    expect((await owner.client.delete(`/api/question-files/${fileId}/delete/`)).status).toBe(200);
    expect((await owner.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
  });
});

describe('import preview: images', () => {
  it('keeps each image as its reference (a URL-only line as a Markdown image) and marks the row markdown; nothing is fetched', async () => {
    const owner = await fixtureUser(apiUrl, { language: 'en' });
    const bytes = csvBytes([
      EN_HEADER,
      row('1', `See ![a diagram](${local}/diagram.png)`),
      row('2', 'No image', 'https://images.example.com/maps/seoul.png'),
      row('3', 'Plain *stars* stay plain'),
    ]);
    const ticket = (await (
      await owner.client.post('/api/question-files/upload-url/', { file_name: 'preview.csv', size: bytes.length })
    ).json()) as { upload_id: string; url: string };
    expect((await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
    const before = served;
    const preview = await json(
      await owner.client.post('/api/question-files/preview/', {
        upload_id: ticket.upload_id,
        file_name: 'preview.csv',
      }),
    );
    expect(served).toBe(before);
    expect(
      (preview.rows as Json[]).map((r) => ({ content: r.content, explanation: r.explanation, format: r.format })),
    ).toEqual([
      { content: `See ![a diagram](${local}/diagram.png)`, explanation: '', format: 'markdown' },
      { content: 'No image', explanation: '![seoul](https://images.example.com/maps/seoul.png)', format: 'markdown' },
      { content: 'Plain *stars* stay plain', explanation: '', format: 'plain' },
    ]);
  });
});
