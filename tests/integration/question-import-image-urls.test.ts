import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { png } from '../support/images.js';
import { EN_HEADER, csvBytes, multipartForm } from '../support/sheets.js';

/*
 * A spreadsheet's Markdown images (D177): fetched by the server behind the SSRF guard. The
 * only origin the guard lets through over http is this file's local server, by the test-only
 * IMPORT_IMAGE_TEST_ORIGINS (tests/support/integration-setup.ts); every refusal below is the guard's.
 */

const apiUrl = inject('apiUrl');
const port = inject('imageServerPort');
Object.assign(process.env, inject('cloudEnv'));
const local = `http://127.0.0.1:${port}`;

type Json = Record<string, any>;
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/diagram.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png(24, 12, { text: 'GPS 37.5N' }));
    if (req.url === '/vector.svg')
      return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (req.url === '/huge.png') {
      // No Content-Length: the fetch must stop itself at 2 MB.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png(8, 8));
      for (let i = 0; i < 30; i++) res.write(Buffer.alloc(100 * 1024));
      return res.end();
    }
    if (req.url === '/to-private.png') return res.writeHead(302, { location: 'https://10.1.2.3/x.png' }).end();
    if (req.url === '/to-metadata.png') return res.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const row = (id: string, content: string): string[] => [id, `Q${id}`, content, 'a', '', 'Medium', '', ''];

describe('question import: images named by URL in a sheet', () => {
  it('fetches the allowed one through the upload pipeline; every refusal is a warning on its row, the question kept', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const rows = [
      row('1', `See ![a diagram](${local}/diagram.png) here`),
      row('2', '![plain http](http://example.com/x.png)'),
      row('3', `![loopback over https](https://127.0.0.1:${port}/diagram.png)`),
      row('4', '![metadata](https://169.254.169.254/latest/meta-data/)'),
      row('5', `![redirect](${local}/to-private.png)`),
      row('6', `![redirect 2](${local}/to-metadata.png)`),
      row('7', `![huge](${local}/huge.png)`),
      row('8', `![vector](${local}/vector.svg)`),
      row('9', `![absent](${local}/absent.png)`),
    ];
    const res = await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm(
        { is_public: 'false' },
        { name: `urls-${Date.now()}.csv`, bytes: csvBytes([EN_HEADER, ...rows]) },
      ),
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.stats).toMatchObject({ imported: 9 });
    expect(body.report.images).toEqual({
      stored: 1,
      warnings: [
        { line: 3, name: 'http://example.com/x.png', code: 'image_fetch_refused' },
        { line: 4, name: `https://127.0.0.1:${port}/diagram.png`, code: 'image_fetch_refused' },
        { line: 5, name: 'https://169.254.169.254/latest/meta-data/', code: 'image_fetch_refused' },
        { line: 6, name: `${local}/to-private.png`, code: 'image_fetch_refused' },
        { line: 7, name: `${local}/to-metadata.png`, code: 'image_fetch_refused' },
        { line: 8, name: `${local}/huge.png`, code: 'image_too_large' },
        { line: 9, name: `${local}/vector.svg`, code: 'image_type_unsupported' },
        { line: 10, name: `${local}/absent.png`, code: 'image_fetch_failed' },
      ],
    });
    const fileId = body.file.id as string;
    const stored = await objectsUnder(`file-images/${fileId}/`);
    expect(stored).toHaveLength(1);
    const pool = ((await itemsOwnedBy(user.id)) as Json[])
      .filter((i) => i.type === 'QUESTION')
      .sort((a, b) => a.order - b.order);
    expect(pool.map((q) => [q.content_en, q.format])).toEqual([
      [`See ![a diagram](/api/file/${fileId}/images/${stored[0]!.split('/')[2]}/#24x12) here`, 'markdown'],
      ['plain http', undefined],
      ['loopback over https', undefined],
      ['metadata', undefined],
      ['redirect', undefined],
      ['redirect 2', undefined],
      ['huge', undefined],
      ['vector', undefined],
      ['absent', undefined],
    ]);
    const image = await user.client.get(`/api/file/${fileId}/images/${stored[0]!.split('/')[2]}/`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).includes('37.5N')).toBe(false);

    expect((await user.client.delete(`/api/question-files/${fileId}/delete/`)).status).toBe(200);
    expect(await objectsUnder(`file-images/${fileId}/`)).toEqual([]);
  });
});
