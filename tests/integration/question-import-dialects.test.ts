import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { KOREAN_ENGLISH_CSV, loneQuoteCsv, quotedTsvDeck } from '../support/dialect-decks.js';
import { questionPoolOf as poolOf, uploadQuestionFile as upload } from '../support/question-pool.js';

/*
 * Text sheets read right over the whole file (D270–D274): records separated by line breaks, one
 * unbalanced quote kept to its line, a header told by its shape, whole-file preview counts with
 * every ragged record listed, and the learner's reading honoured alike by the preview and the
 * import. Each file is written here; the questions are read back from the table.
 */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/** Stages `bytes` as a pending upload (presigned PUT) and returns its id. */
async function stage(user: FixtureUser, name: string, bytes: Buffer): Promise<string> {
  const ticket = (await (
    await user.client.post('/api/question-files/upload-url/', { file_name: name, size: bytes.length })
  ).json()) as { upload_id: string; url: string };
  expect((await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
  return ticket.upload_id;
}

async function preview(user: FixtureUser, uploadId: string, name: string, reading?: Record<string, string>) {
  const res = await user.client.post('/api/question-files/preview/', {
    upload_id: uploadId,
    file_name: name,
    ...(reading ? { reading } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Record<string, any>;
}

describe('question import: delimited text read over the whole file', () => {
  let en: () => Promise<FixtureUser>;
  let ko: () => Promise<FixtureUser>;
  beforeAll(() => {
    en = () => fixtureUser(apiUrl, { language: 'en' });
    ko = () => fixtureUser(apiUrl, { language: 'ko' });
  });

  it('a headerless TSV of 132 cards with straight quotes mid-cell: 132 questions, records by line', async () => {
    const user = await en();
    const { text, cards } = quotedTsvDeck();
    const { status, body } = await upload(user, 'deck.tsv', Buffer.from(text));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.report.format).toMatchObject({ delimiter: '\t', record_delimiter: 'newline' });
    expect(body.report).toMatchObject({ headerless: true, ragged_rows: [], skipped_rows: [] });
    expect((await poolOf(user)).map((q) => [q.content_en, q.answer_en])).toEqual(cards);
  });

  it('one unbalanced quote on line 155 of 344: that line is listed, the 343 others read whole', async () => {
    const user = await en();
    const { text, broken } = loneQuoteCsv();
    const { status, body } = await upload(user, 'aws.csv', Buffer.from(text));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.stats).toMatchObject({ total_rows: 344, imported: 344 });
    expect(body.report.repairs).toContainEqual({ line: broken, kind: 'quotes_as_text' });
    expect(body.report.ragged_rows).toEqual([{ line: broken, fields: 4 }]);
    const pool = await poolOf(user);
    const wrong = pool.filter((q, i) => q.answer_en !== `a${i + 1}, b${i + 1}, c${i + 1}`).map((q) => q.order);
    expect(wrong).toEqual([broken]);
  });

  it('a `korean,english` header becomes the column names, not a card', async () => {
    const user = await ko();
    const { status, body } = await upload(user, 'words.csv', Buffer.from(KOREAN_ENGLISH_CSV));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.report.headerless).toBe(false);
    expect((await poolOf(user)).map((q) => [q.content_ko, q.answer_ko])).toEqual([
      ['사과', 'apple'],
      ['바나나', 'banana'],
      ['포도', 'grape'],
      ['고양이', 'cat'],
      ['강아지', 'dog'],
    ]);
  });

  it('previews the whole of a large file (counts, every ragged record, the resolved reading), suggests a better reading, and imports what it previewed', async () => {
    const user = await en();
    // About 600 KB: far past the old 256 KB head; the odd records sit near the end.
    const lines = ['term\tdefinition'];
    for (let i = 1; i <= 6000; i++) lines.push(`word ${i}\t${'a definition of some length '.repeat(3)}, number ${i}`);
    lines[5990] = 'word 5990\tone\ttoo many';
    lines[5995] = 'word 5995\tblank answer next\t';
    lines.push('word 6001\t');
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    expect(bytes.length).toBeGreaterThan(512 * 1024);
    const id = await stage(user, 'big.tsv', bytes);

    const seen = await preview(user, id, 'big.tsv');
    expect(seen.reading).toEqual({
      delimiter: '\t',
      record_delimiter: 'newline',
      quotes: 'standard',
      encoding: 'utf-8',
      header: 'yes',
      text_format: 'auto',
    });
    expect(seen.counts).toEqual({ records: 6001, questions: 6000, skipped: 1, ragged: 2, usual_fields: 2 });
    expect(seen.ragged_rows).toEqual([
      { line: 5991, fields: 3 },
      { line: 5996, fields: 3 },
    ]);
    expect(seen.skipped_rows).toEqual([{ line: 6002, reason: 'blank_answer' }]);
    expect(seen.suggestion).toBeUndefined();
    expect('sample' in seen).toBe(false);

    // The learner reads it with commas (each definition holds one): more records are ragged, so tab is suggested, not applied.
    const commas = await preview(user, id, 'big.tsv', { delimiter: ',' });
    expect(commas.reading.delimiter).toBe(',');
    expect(commas.counts.ragged).toBe(4);
    expect(commas.suggestion).toMatchObject({ reading: { delimiter: '\t' }, ragged: 2, questions: 6000 });

    // Quotes as text and header `no`: the preview and the import give the same questions.
    const reading = { quotes: 'none', header: 'no' };
    const asData = await preview(user, id, 'big.tsv', reading);
    expect(asData.reading).toMatchObject({ quotes: 'none', header: 'no' });
    expect(asData.counts).toMatchObject({ records: 6002, questions: 6001 });
    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: id,
      file_name: 'big.tsv',
      is_public: false,
      reading,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const answer = (await imported.json()) as Record<string, any>;
    expect(answer.stats.imported).toBe(asData.counts.questions);
    expect(answer.report.ragged_rows).toEqual(asData.ragged_rows);
    const pool = await poolOf(user);
    expect(pool).toHaveLength(6001);
    expect(pool[0]).toMatchObject({ content_en: 'term', answer_en: 'definition' });
    expect(pool.map((q) => q.content_en)).toEqual(expect.arrayContaining(['word 6000']));
  });

  it("Quizlet's custom card separator is the learner's reading: ` - ` between term and definition, `;` between cards", async () => {
    const user = await ko();
    const bytes = Buffer.from('새 - bird;물고기 - fish;말 - horse;');
    const id = await stage(user, 'quizlet-custom.txt', bytes);
    const reading = { delimiter: ' - ', record_delimiter: ';', header: 'no' };
    const seen = await preview(user, id, 'quizlet-custom.txt', reading);
    expect(seen.counts).toMatchObject({ records: 3, questions: 3, ragged: 0 });
    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: id,
      file_name: 'quizlet-custom.txt',
      is_public: false,
      reading,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect((await poolOf(user)).map((q) => `${q.content_ko}=${q.answer_ko}`)).toEqual([
      '새=bird',
      '물고기=fish',
      '말=horse',
    ]);
  });
});
