import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { apkgWithCollection } from '../support/anki-deck.js';
import { multipartForm, zipWith } from '../support/sheets.js';
import {
  HOSTILE_SCHEMAS,
  collectionWithSchema,
  deckOf,
  hugeWindowDeck,
  longXls,
  longXlsx,
  mediaBombDeck,
} from '../support/hostile-files.js';

/*
 * Bad input: each file below answers a 4xx with a stable code and a detail in the
 * caller's language — through the preview, the presigned import and the multipart upload — and
 * leaves nothing behind: no question, no file record, no S3 object (the pending upload included).
 */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const HANGUL = /[\p{Script=Hangul}]/u;

function sqliteGarbage(): Uint8Array {
  const bytes = new Uint8Array(8192).map(() => 0x5a);
  bytes.set(new TextEncoder().encode('SQLite format 3\0'));
  return bytes;
}

const rowsFile = (rows: number) =>
  Buffer.from(`question,answer\n${Array.from({ length: rows }, (_, i) => `q${i},a${i}`).join('\n')}\n`);

/** Files that cost the reader far more than their size: refused fast, the server answering others meanwhile. */
const HOSTILE: { name: string; file: string; bytes: () => Buffer | Promise<Buffer>; status: number; code: string }[] = [
  {
    name: 'an .apkg whose notes is an unbounded recursive view',
    file: 'view.apkg',
    bytes: async () => deckOf(await collectionWithSchema(HOSTILE_SCHEMAS['a recursive view as notes']!)),
    status: 400,
    code: 'deck_unsafe_schema',
  },
  {
    name: 'an .apkg whose notes is a costly view',
    file: 'costly.apkg',
    bytes: async () => deckOf(await collectionWithSchema(HOSTILE_SCHEMAS['a costly view as notes']!)),
    status: 400,
    code: 'deck_unsafe_schema',
  },
  {
    name: 'an .apkg of eight zstd media bombs (99 MB each) declaring 1 KB',
    file: 'media-bomb.apkg',
    bytes: () => mediaBombDeck(1000),
    status: 400,
    code: 'deck_media_corrupt',
  },
  {
    name: 'an .apkg whose zstd collection asks for a 2 GB window',
    file: 'window.apkg',
    bytes: () => hugeWindowDeck(),
    status: 400,
    code: 'deck_corrupt',
  },
  {
    name: 'a 1,000,000-row .xlsx whose dimension says A1',
    file: 'million.xlsx',
    bytes: () => longXlsx(1_000_000),
    status: 400,
    code: 'sheet_too_many_rows',
  },
  {
    name: 'a 65,536-row .xls whose DIMENSIONS record says one row',
    file: 'long.xls',
    bytes: () => longXls(65_536),
    status: 400,
    code: 'sheet_too_many_rows',
  },
];

const CASES: {
  name: string;
  file: string;
  bytes: () => Buffer | Promise<Buffer>;
  status: number;
  code: string;
}[] = [
  ...HOSTILE,
  {
    name: 'binary junk named .csv',
    file: 'junk.csv',
    bytes: () => Buffer.concat([Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0]), randomBytes(4000)]),
    status: 400,
    code: 'sheet_not_spreadsheet',
  },
  {
    name: '.apkg that is not a zip',
    file: 'deck.apkg',
    bytes: () => Buffer.from('front\tback\n'),
    status: 400,
    code: 'deck_not_zip',
  },
  {
    name: '.apkg holding a file that is no database',
    file: 'deck.apkg',
    bytes: () => apkgWithCollection(new TextEncoder().encode('just text')),
    status: 400,
    code: 'deck_corrupt',
  },
  {
    name: '.apkg holding a corrupt database',
    file: 'deck.apkg',
    bytes: () => apkgWithCollection(sqliteGarbage()),
    status: 400,
    code: 'deck_corrupt',
  },
  {
    name: 'a zip bomb (101 MB of zeros in a small .apkg)',
    file: 'bomb.apkg',
    bytes: () => zipWith([{ name: 'collection.anki2', zeros: 101 * 1024 * 1024 }]),
    status: 413,
    code: 'sheet_uncompressed_too_large',
  },
  {
    name: '100,000 columns',
    file: 'wide.csv',
    bytes: () => Buffer.from(`question,answer,${'x,'.repeat(99_998)}\nq,a\n`),
    status: 400,
    code: 'sheet_too_many_columns',
  },
  {
    name: 'one row over the 20,000-row limit',
    file: 'rows.csv',
    bytes: () => rowsFile(20_001),
    status: 400,
    code: 'sheet_too_many_rows',
  },
  {
    name: 'a header-only file',
    file: 'empty.csv',
    bytes: () => Buffer.from('question,answer\n'),
    status: 400,
    code: 'sheet_no_questions',
  },
];

async function stage(user: FixtureUser, fileName: string, bytes: Buffer): Promise<string> {
  const ticket = (await (
    await user.client.post('/api/question-files/upload-url/', { file_name: fileName, size: bytes.length })
  ).json()) as { upload_id: string; url: string };
  expect((await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
  return ticket.upload_id;
}

async function refusal(res: Response, status: number, code: string, language: 'ko' | 'en') {
  const body = (await res.json()) as { code: string; detail: string };
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(status);
  expect(body.code).toBe(code);
  expect(body.detail.length).toBeGreaterThan(0);
  expect(HANGUL.test(body.detail)).toBe(language === 'ko');
}

async function expectNothingLeft(user: FixtureUser) {
  expect(await itemsOwnedBy(user.id)).toEqual([]);
  expect(await objectsUnder(`files/${user.id}/`)).toEqual([]);
  expect(await objectsUnder(`pending/${user.id}/`)).toEqual([]);
}

describe('bad input: a 4xx with code and detail, nothing left behind', () => {
  it.each(CASES)(
    '$name → $status $code',
    async ({ file, bytes, status, code }) => {
      const data = await bytes();
      const ko = await fixtureUser(apiUrl, { language: 'ko' });
      const uploadId = await stage(ko, file, data);
      await refusal(
        await ko.client.post('/api/question-files/preview/', { upload_id: uploadId, file_name: file }),
        status,
        code,
        'ko',
      );
      await refusal(
        await ko.client.post('/api/question-files/import/', { upload_id: uploadId, file_name: file, is_public: false }),
        status,
        code,
        'ko',
      );
      await expectNothingLeft(ko);

      const en = await fixtureUser(apiUrl, { language: 'en' });
      const res = await en.client.request('POST', '/api/upload-questions/', {
        body: multipartForm({ is_public: 'false' }, { name: file, bytes: data }),
      });
      await refusal(res, status, code, 'en');
      await expectNothingLeft(en);
    },
    60_000,
  );

  it.each(HOSTILE)(
    '$name: refused within a second, a concurrent request answered within a second meanwhile',
    async ({ file, bytes, status, code }) => {
      const data = await bytes();
      const user = await fixtureUser(apiUrl, { language: 'en' });
      const uploadId = await stage(user, file, data);
      // The preview first (refused too): the readers' modules are loaded, so what is timed is the file.
      const preview = await user.client.post('/api/question-files/preview/', { upload_id: uploadId, file_name: file });
      expect(preview.status).toBe(status);
      const start = performance.now();
      let refusedAfter = 0;
      const refused = user.client
        .post('/api/question-files/import/', { upload_id: uploadId, file_name: file, is_public: false })
        .then((res) => {
          refusedAfter = performance.now() - start;
          return res;
        });
      // Other requests, one after another, for as long as the import runs: none may wait behind it.
      const waits: number[] = [];
      do {
        const asked = performance.now();
        expect((await user.client.get('/api/user-profile/')).status).toBe(200);
        waits.push(performance.now() - asked);
      } while (!refusedAfter);
      await refusal(await refused, status, code, 'en');
      expect(refusedAfter).toBeLessThan(1000);
      expect(Math.max(...waits)).toBeLessThan(1000);
      await expectNothingLeft(user);
    },
    60_000,
  );

  it('a 6 MB text file over the row limit: the preview reads it whole and says what the import would (D270)', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const lines = ['question\tanswer'];
    for (let i = 0; lines.length < 120_000; i++) lines.push(`question number ${i} with some padding text\tanswer ${i}`);
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
    const uploadId = await stage(user, 'big.tsv', bytes);
    const res = await user.client.post('/api/question-files/preview/', { upload_id: uploadId, file_name: 'big.tsv' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('sheet_too_many_rows');
    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: uploadId,
      file_name: 'big.tsv',
    });
    expect(imported.status).toBe(400);
    expect(((await imported.json()) as { code: string }).code).toBe('sheet_too_many_rows');
    await expectNothingLeft(user);
  }, 60_000);

  it('a file of exactly 20,000 rows is read whole (the preview counts them all)', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const uploadId = await stage(user, 'limit.csv', rowsFile(20_000));
    const res = await user.client.post('/api/question-files/preview/', { upload_id: uploadId, file_name: 'limit.csv' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { stats: { total_rows: number } }).stats.total_rows).toBe(20_000);
    expect(await itemsOwnedBy(user.id)).toEqual([]);
  }, 60_000);
});
