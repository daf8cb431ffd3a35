import * as XLSX from 'xlsx';
import { describe, expect, inject, it } from 'vitest';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam } from '../support/exam-fixtures.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { apkgBytes, type DeckFiles } from '../support/anki-deck.js';
import { png } from '../support/images.js';
import { multipartForm } from '../support/sheets.js';
import { userDataExport } from '../support/export-jobs.js';

/* Images that come with an import (D174–D176): an Anki deck's media through the API and the bucket. */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;

const MEDIA: DeckFiles = {
  'flag.png': png(40, 30, { text: 'GPS 37.5N 127.0E' }),
  'vector.svg': new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  'huge.png': Buffer.concat([png(8, 8), Buffer.alloc(2.1 * 1024 * 1024)]),
  'bomb.png': png(50_000, 50_000, { rows: false }),
};

const NOTES = [
  { fields: ['Which flag? <img src="flag.png" alt="a flag">', 'Korea', '<img src="flag.png">'] },
  { fields: ['A vector <img src="vector.svg" alt="arrow">', 'up'] },
  { fields: ['Too big <img src="huge.png">', 'yes'] },
  { fields: ['A bomb <img src="bomb.png">', 'no'] },
  { fields: ['Not in the deck <img src="gone.png">', 'lost'] },
];

async function importDeck(user: FixtureUser, layout: 'anki2' | 'anki21b', isPublic: boolean) {
  const deck = await apkgBytes(NOTES, layout, MEDIA);
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: String(isPublic) }, { name: `media-${layout}-${Date.now()}.apkg`, bytes: deck }),
  });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

const poolOf = async (user: FixtureUser) =>
  (await itemsOwnedBy(user.id))
    .filter((i) => i.type === 'QUESTION')
    .sort((a, b) => Number(a.order) - Number(b.order)) as Json[];

describe('question import: Anki media', () => {
  it.each([
    ['ko', 'anki2', false],
    ['en', 'anki21b', true],
  ] as const)(
    'a %s learner imports a %s deck with images: kept ones stored with the file, others a warning on their row',
    async (language, layout, isPublic) => {
      const user = await fixtureUser(apiUrl, { language });
      const body = await importDeck(user, layout, isPublic);
      const fileId = body.file.id as string;
      expect(body.stats).toMatchObject({ imported: 5 });
      expect(body.report.deck).toMatchObject({ notes: 5, media_skipped: ['gone.png'] });
      expect(body.report.images).toEqual({
        stored: 1,
        warnings: [
          { line: 2, name: 'vector.svg', code: 'image_type_unsupported' },
          { line: 3, name: 'huge.png', code: 'image_too_large' },
          { line: 4, name: 'bomb.png', code: 'image_dimensions_too_large' },
        ],
      });
      const stored = await objectsUnder(`file-images/${fileId}/`);
      expect(stored).toHaveLength(1);
      const imageId = stored[0]!.split('/')[2]!;
      const url = `/api/file/${fileId}/images/${imageId}/#40x30`;
      const pool = await poolOf(user);
      expect(pool.map((q) => [q[`content_${language}`], q.format])).toEqual([
        [`Which flag? ![a flag](${url})`, 'markdown'],
        ['A vector arrow', undefined],
        ['Too big huge', undefined],
        ['A bomb bomb', undefined],
        ['Not in the deck', undefined],
      ]);
      // The same image twice in a note (question and extra field) is stored once.
      expect(pool[0]![`explanation_${language}`]).toContain(`![flag](${url})`);

      const other = await fixtureUser(apiUrl);
      const readers = { owner: user.client, other: other.client, anonymous: await anonymousClient(apiUrl) };
      const seen: Record<string, number> = {};
      for (const [who, client] of Object.entries(readers)) {
        const res = await client.get(`/api/file/${fileId}/images/${imageId}/`);
        seen[who] = res.status;
        if (res.status !== 200) continue;
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('cache-control')).toBe(
          isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
        );
        expect(Buffer.from(await res.arrayBuffer()).includes('37.5N')).toBe(false);
      }
      expect(seen).toEqual(
        isPublic ? { owner: 200, other: 200, anonymous: 200 } : { owner: 200, other: 404, anonymous: 404 },
      );

      // The data export lists the file's images where they are read.
      const exported = await userDataExport(user.client);
      expect(exported.status).toBe(200);
      const book = XLSX.read(Buffer.from(await exported.arrayBuffer()), { type: 'buffer' });
      expect(XLSX.utils.sheet_to_json(book.Sheets.file_images!)).toEqual([
        { file_id: fileId, image_id: imageId, url: `/api/file/${fileId}/images/${imageId}/` },
      ]);
    },
  );

  it('an exam made from the file copies the images under the exam; they leave with the file and the exam (bucket listed)', async () => {
    const user = await fixtureUser(apiUrl);
    const body = await importDeck(user, 'anki2', false);
    const fileId = body.file.id as string;
    const { id: examId } = await createExam(user, {
      title: `media exam ${Date.now()}`,
      question_count: 5,
      file_id: fileId,
      is_public: false,
    });
    const examImages = await objectsUnder(`images/${examId}/`);
    expect(examImages).toHaveLength(1);
    const questions = (await (await user.client.get(`/api/exam/${examId}/questions/`)).json()) as Json[];
    const withImage = questions.find((q) => String(q.content).includes('![a flag]'))!;
    const examUrl = `/api/exam/${examId}/images/${examImages[0]!.split('/')[2]}/`;
    expect(withImage.content).toContain(`![a flag](${examUrl}#40x30)`);
    expect(withImage.format).toBe('markdown');

    const deleted = await user.client.delete(`/api/question-files/${fileId}/delete/`);
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await objectsUnder(`file-images/${fileId}/`)).toEqual([]);
    // The exam keeps its own copy.
    expect((await user.client.get(examUrl)).status).toBe(200);
    expect((await user.client.delete(`/api/exam/${examId}/`)).status).toBe(200);
    expect(await objectsUnder(`images/${examId}/`)).toEqual([]);
  });

  it("a withdrawal deletes the images of the user's files", async () => {
    const leaving = await fixtureUser(apiUrl);
    const body = await importDeck(leaving, 'anki21b', false);
    expect(await objectsUnder(`file-images/${body.file.id}/`)).toHaveLength(1);
    expect((await leaving.client.delete('/api/delete-my-account/')).status).toBe(200);
    expect(await objectsUnder(`file-images/${body.file.id}/`)).toEqual([]);
  });

  it('a refused deck stores no image', async () => {
    const user = await fixtureUser(apiUrl);
    const deck = await apkgBytes([{ fields: ['', ''] }, { fields: ['<img src="flag.png">', ''] }], 'anki2', MEDIA);
    const res = await user.client.request('POST', '/api/upload-questions/', {
      body: multipartForm({ is_public: 'false' }, { name: 'blank.apkg', bytes: deck }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await itemsOwnedBy(user.id)).filter((i) => i.type === 'FILE' || i.type === 'QUESTION')).toEqual([]);
  });
});
