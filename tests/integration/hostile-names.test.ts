import { CopyObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { KEY_TEXT_MAX_BYTES } from '#shared/domain/key-text.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { s3Client } from '../../functions/runtime/aws/s3-client.js';
import { config } from '../../functions/runtime/config.js';
import { fileEntity } from '../../functions/domains/files/entities/file.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { objectsUnder } from '../support/exam-store.js';
import { KO_HEADER, multipartForm, questionRows, xlsxBytes } from '../support/sheets.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/** 195 Hangul syllables + `.xlsx`: within the 200-character limit, 590 UTF-8 bytes. */
const LONG_KOREAN_NAME = `${Array.from({ length: 195 }, (_, i) => String.fromCharCode(0xac00 + ((i * 37) % 11172))).join('')}.xlsx`;
/** U+FDFA is one character and 18 after NFKC. */
const EXPANDING = '\uFDFA';

describe('user text never becomes an object key, and names are measured as stored', () => {
  let user: FixtureUser;
  beforeAll(async () => {
    user = await fixtureUser(apiUrl, { language: 'ko' });
  });

  it('uploads, downloads and imports a file named with 195 Hangul syllables; the store stays up', async () => {
    expect(LONG_KOREAN_NAME).toHaveLength(200);
    const sheet = xlsxBytes([KO_HEADER, ...questionRows(3)]);
    const uploaded = await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm({ is_public: 'false' }, { name: LONG_KOREAN_NAME, bytes: sheet }),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { file } = (await uploaded.json()) as { file: { id: string; name: string } };
    expect(file.name).toBe(LONG_KOREAN_NAME);
    expect(await objectsUnder(`files/${user.id}/`)).toEqual([`files/${user.id}/${file.id}`]);

    for (const ref of [file.id, encodeURIComponent(LONG_KOREAN_NAME)]) {
      const download = await user.client.get(`/api/question-files/${ref}/download/`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain(encodeURIComponent(LONG_KOREAN_NAME));
      expect(Buffer.from(await download.arrayBuffer())).toEqual(sheet);
    }

    // The presigned flow under the same name replaces the file; its object is again ids only.
    const ticket = (await (
      await user.client.post('/api/question-files/upload-url/', { file_name: LONG_KOREAN_NAME, size: sheet.length })
    ).json()) as {
      upload_id: string;
      url: string;
    };
    expect((await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(sheet) })).status).toBe(200);
    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: LONG_KOREAN_NAME,
      is_public: false,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const replaced = (await imported.json()) as { replaced: boolean; file: { id: string } };
    expect(replaced.replaced).toBe(true);
    expect(await objectsUnder(`files/${user.id}/`)).toEqual([`files/${user.id}/${replaced.file.id}`]);

    const exam = await user.client.post('/api/create-exam/', {
      title: '긴 이름 시험',
      file_name: LONG_KOREAN_NAME,
      question_count: 3,
    });
    expect(exam.status, await exam.clone().text()).toBe(200);
    expect(((await exam.json()) as { question_count: number }).question_count).toBe(3);

    // s3rver is still answering: another upload and a download succeed.
    const again = await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm({}, { name: 'after.xlsx', bytes: sheet }),
    });
    expect(again.status).toBe(200);
    expect((await user.client.get(`/api/question-files/${replaced.file.id}/download/`)).status).toBe(200);
  }, 60_000);

  it('still serves a file stored under the earlier key form files/<owner>/<fileId>/<name>', async () => {
    const sheet = xlsxBytes([KO_HEADER, ...questionRows(2)]);
    const uploaded = await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm({}, { name: '예전.xlsx', bytes: sheet }),
    });
    const { file } = (await uploaded.json()) as { file: { id: string } };
    const oldKey = `files/${user.id}/${file.id}/예전.xlsx`;
    await s3Client().send(
      new CopyObjectCommand({
        Bucket: config.filesBucket,
        Key: oldKey,
        CopySource: `${config.filesBucket}/files/${user.id}/${file.id}`,
      }),
    );
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: fileEntity.key(file.id),
        UpdateExpression: 'SET s3_key = :k',
        ExpressionAttributeValues: { ':k': oldKey },
      }),
    );
    const download = await user.client.get(`/api/question-files/${file.id}/download/`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(sheet);
    expect((await user.client.delete(`/api/question-files/${file.id}/delete/`)).status).toBe(200);
    expect(await objectsUnder(oldKey)).toEqual([]);
  });

  const tooLong = EXPANDING.repeat(60); // 60 characters, 60 × 18 × 2 = 2,160 bytes once normalised
  it.each([
    [
      'create-exam title',
      (c: FixtureUser['client']) => c.post('/api/create-exam/', { title: tooLong, question_count: 0 }),
    ],
    [
      'create-exam file_name',
      (c: FixtureUser['client']) => c.post('/api/create-exam/', { title: 't', file_name: `${tooLong}.xlsx` }),
    ],
    [
      'create-exam file_id',
      (c: FixtureUser['client']) => c.post('/api/create-exam/', { title: 't', file_id: tooLong }),
    ],
    ['a tag', (c: FixtureUser['client']) => c.post('/api/tags/', { name: EXPANDING.repeat(50) })],
    [
      'a file path name',
      (c: FixtureUser['client']) => c.get(`/api/question-files/${encodeURIComponent(`${tooLong}.xlsx`)}/download/`),
    ],
    [
      'check-existing',
      (c: FixtureUser['client']) =>
        c.get(`/api/question-files/check-existing/${encodeURIComponent(`${tooLong}.xlsx`)}/`),
    ],
    [
      'an upload URL name',
      (c: FixtureUser['client']) =>
        c.post('/api/question-files/upload-url/', { file_name: `${tooLong}.xlsx`, size: 100 }),
    ],
    [
      'an upload file name',
      (c: FixtureUser['client']) =>
        c.request('POST', '/api/upload-questions/', {
          body: multipartForm({}, { name: `${tooLong}.xlsx`, bytes: xlsxBytes([KO_HEADER, ...questionRows(1)]) }),
        }),
    ],
  ])('refuses %s that NFKC lengthens past the key limit with 400 key_text_too_long', async (_, send) => {
    const res = await send(user.client);
    expect(res.status).toBe(400);
    const body = errorAnswer().parse(await res.json());
    expect(body.code).toBe('key_text_too_long');
    expect(body.detail).toContain(String(KEY_TEXT_MAX_BYTES));
  });

  it('accepts the same characters while they fit', async () => {
    const res = await user.client.post('/api/tags/', { name: EXPANDING.repeat(20) }); // 720 bytes
    expect(res.status).toBe(201);
  });

  it('answers a search that grows past the key limit once folded with 400, signed in or not', async () => {
    const search = encodeURIComponent(EXPANDING.repeat(100)); // 100 characters, 1,800 once NFKC-folded
    for (const path of [`/api/tags/?search=${search}`, `/api/exams/?search=${search}`]) {
      for (const res of [await fetch(`${apiUrl}${path}`), await user.client.get(path)]) {
        expect(res.status, path).toBe(400);
        expect(errorAnswer().parse(await res.json()).code).toBe('key_text_too_long');
      }
    }
    expect((await user.client.get(`/api/tags/?search=${encodeURIComponent(EXPANDING.repeat(20))}`)).status).toBe(200);
  });
});
