import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import {
  EN_HEADER,
  KO_HEADER,
  csvBytes,
  multipartForm,
  questionRows,
  xlsBytes,
  xlsxBytes,
  zipWith,
} from '../support/sheets.js';
import { questionPoolOf as poolOf } from '../support/question-pool.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

async function upload(user: FixtureUser, name: string, bytes: Buffer, isPublic = 'true') {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: isPublic }, { name, bytes }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A refusal leaves nothing: no item of the user, no object in the bucket. */
async function expectNothingWritten(user: FixtureUser) {
  expect(await itemsOwnedBy(user.id)).toEqual([]);
  expect(await objectsUnder(`files/${user.id}/`)).toEqual([]);
  expect(await objectsUnder(`pending/${user.id}/`)).toEqual([]);
}

describe('question import', () => {
  let ko: FixtureUser;
  let en: FixtureUser;
  beforeAll(async () => {
    ko = await fixtureUser(apiUrl, { language: 'ko' });
    en = await fixtureUser(apiUrl, { language: 'en' });
  });

  it('imports Korean headers into the Korean fields', async () => {
    const { status, body } = await upload(ko, '쿠버네티스.xlsx', xlsxBytes([KO_HEADER, ...questionRows(3)]));
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ total_rows: 3, imported: 3, skipped: 0 });
    expect(body.file).toMatchObject({
      name: '쿠버네티스.xlsx',
      max_questions: 3,
      is_public: true,
      uploaded_by: ko.username,
    });
    const pool = await poolOf(ko);
    expect(pool).toHaveLength(3);
    expect(pool[0]).toMatchObject({
      csv_id: '1',
      title_ko: 'Q title 1',
      content_ko: 'Q content 1',
      answer_ko: 'Q answer 1',
      difficulty: 'Easy',
      group_id: 'g0',
    });
    expect(pool[0]!.title_en).toBeUndefined();
    expect(await objectsUnder(`files/${ko.id}/`)).toHaveLength(1);
  });

  it('imports English headers and their other spellings into the English fields', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const header = ['question_id', 'TITLE', 'content', 'answer', 'explanation', 'level', 'link', 'group_id'];
    const { status, body } = await upload(
      user,
      'bank.csv',
      csvBytes([header, ['7', 'T', 'C, with comma', 'A', 'E', 'hard', 'NaN', 'x']]),
    );
    expect(status).toBe(200);
    expect(body.stats.imported).toBe(1);
    const [q] = await poolOf(user);
    expect(q).toMatchObject({
      csv_id: '7',
      title_en: 'T',
      content_en: 'C, with comma',
      answer_en: 'A',
      explanation_en: 'E',
      difficulty: 'Hard',
      url: '',
    });
    const english = await upload(en, 'english.xlsx', xlsxBytes([EN_HEADER, ...questionRows(2)]));
    expect(english.status).toBe(200);
  });

  it('reads legacy .xls workbooks', async () => {
    const user = await fixtureUser(apiUrl);
    const { status, body } = await upload(user, 'old.xls', xlsBytes([KO_HEADER, ...questionRows(4)]));
    expect(status).toBe(200);
    expect(body.stats.imported).toBe(4);
  });

  it('refuses a missing answer column, naming it and listing the columns found', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const { status, body } = await upload(
      user,
      'no-answer.xlsx',
      xlsxBytes([
        ['문제id', '제목', '문제 내용', '설명'],
        ['1', 't', 'c', 'e'],
      ]),
    );
    expect(status).toBe(400);
    expect(body.code).toBe('sheet_missing_column');
    expect(body.detail).toContain('정답 / Answer');
    expect(body.detail).toContain('Columns found: 문제id, 제목, 문제 내용, 설명');
    await expectNothingWritten(user);
  });

  it('refuses a wrong extension', async () => {
    const user = await fixtureUser(apiUrl);
    const { status, body } = await upload(user, 'questions.pdf', Buffer.from('문제id,제목\n1,2\n'));
    expect(status).toBe(400);
    expect(errorAnswer().parse(body).code).toBe('sheet_bad_extension');
    await expectNothingWritten(user);
  });

  it('refuses a text file renamed .xlsx, and binary bytes named .csv', async () => {
    const user = await fixtureUser(apiUrl);
    const renamed = await upload(user, 'fake.xlsx', Buffer.from('문제id,제목,문제 내용,정답\n1,a,b,c\n'));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('sheet_not_spreadsheet');
    const binary = await upload(user, 'fake.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]));
    expect(binary.status).toBe(400);
    expect(binary.body.code).toBe('sheet_not_spreadsheet');
    const oleless = await upload(user, 'fake.xls', xlsxBytes([KO_HEADER]));
    expect(oleless.status).toBe(400);
    await expectNothingWritten(user);
  });

  it('skips blank-answer rows and removes identical rows, with their counts; blank ids get the next number', async () => {
    const user = await fixtureUser(apiUrl);
    const rows = [
      KO_HEADER,
      ['5', 'a', 'c', 'x', '', '쉬움', 'nan', ''],
      ['5', 'a', 'c', 'x', '', '쉬움', 'nan', ''],
      ['', 'b', 'c', 'y', '', '', '', ''],
      ['6', 'no answer', 'c', '', '', '', '', ''],
      ['', '', '', '', '', '', '', ''],
      ['', 'd', 'c', 'z', '', '', '', ''],
    ];
    const { status, body } = await upload(user, 'messy.xlsx', xlsxBytes(rows));
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({
      total_rows: 5,
      imported: 3,
      skipped: 2,
      skipped_blank_answer: 1,
      duplicates_removed: 1,
      ids_assigned: 2,
    });
    const pool = await poolOf(user);
    expect(pool.map((q) => q.csv_id)).toEqual(['5', '6', '7']);
    expect(pool[0]!.url).toBe('');
  });

  it('normalises the difficulty spellings', async () => {
    const user = await fixtureUser(apiUrl);
    const spellings = [
      'easy',
      '쉬움',
      '1',
      '1단계',
      'medium',
      '보통',
      '2',
      '2단계',
      'med',
      'hard',
      '어려움',
      '3',
      '3단계',
      'high',
      'whatever',
      '',
    ];
    const rows = [KO_HEADER, ...spellings.map((d, i) => [String(i + 1), `t${i}`, 'c', 'a', '', d, '', ''])];
    const { status } = await upload(user, 'difficulty.xlsx', xlsxBytes(rows));
    expect(status).toBe(200);
    const pool = await poolOf(user);
    expect(pool.map((q) => q.difficulty)).toEqual([
      'Easy',
      'Easy',
      'Easy',
      'Easy',
      'Medium',
      'Medium',
      'Medium',
      'Medium',
      'Medium',
      'Hard',
      'Hard',
      'Hard',
      'Hard',
      'Hard',
      'Medium',
      'Medium',
    ]);
  });

  it('refuses 20,001 rows', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const { status, body } = await upload(user, 'big.csv', csvBytes([EN_HEADER, ...questionRows(20_001)]));
    expect(status).toBe(400);
    expect(body.code).toBe('sheet_too_many_rows');
    expect(body.detail).toContain('20000');
    await expectNothingWritten(user);
  });

  it('refuses a zip bomb before parsing, and a zip whose directory lies about its sizes', async () => {
    const user = await fixtureUser(apiUrl);
    const bomb = zipWith([{ name: 'xl/worksheets/sheet1.xml', zeros: 101 * 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const first = await upload(user, 'bomb.xlsx', bomb);
    expect(first.status).toBe(413);
    expect(first.body.code).toBe('sheet_uncompressed_too_large');
    const liar = zipWith([{ name: 'xl/worksheets/sheet1.xml', zeros: 101 * 1024 * 1024, declare: 1000 }]);
    const second = await upload(user, 'liar.xlsx', liar);
    expect(second.status).toBe(413);
    expect(second.body.code).toBe('sheet_uncompressed_too_large');
    await expectNothingWritten(user);
  });

  it('skips a row with a cell of 1 MB, naming its line and column; alone, nothing is imported', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const long = ['1', 't', 'x'.repeat(1024 * 1024), 'a', '', '', '', ''];
    const { status, body } = await upload(
      user,
      'long.csv',
      csvBytes([EN_HEADER, long, ['2', 't', 'short', 'a', '', '', '', '']]),
    );
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ imported: 1, skipped_too_long: 1 });
    expect(body.report.skipped_rows).toEqual([{ line: 2, reason: 'cell_too_long', column: 'Question Content' }]);
    const other = await fixtureUser(apiUrl, { language: 'en' });
    const alone = await upload(other, 'long.csv', csvBytes([EN_HEADER, long]));
    expect(alone.status).toBe(400);
    expect(alone.body.code).toBe('sheet_no_questions');
    await expectNothingWritten(other);
  });

  it('refuses a sheet with a header and no answered rows', async () => {
    const user = await fixtureUser(apiUrl);
    const { status, body } = await upload(user, 'empty.xlsx', xlsxBytes([KO_HEADER, ['1', 't', 'c', '']]));
    expect(status).toBe(400);
    expect(body.code).toBe('sheet_no_questions');
    await expectNothingWritten(user);
  });

  it('answers a body over the multipart limit with 413', async () => {
    const user = await fixtureUser(apiUrl);
    const { status, body } = await upload(user, 'huge.csv', Buffer.alloc(7 * 1024 * 1024, 0x61));
    expect(status).toBe(413);
    expect(body.code).toBe('payload_too_large');
    await expectNothingWritten(user);
  });

  /** A CSV staged by a presigned upload, then previewed and imported with the same reading. */
  async function previewAndImport(user: FixtureUser, name: string, text: string, reading: Record<string, string>) {
    const bytes = Buffer.from(text);
    const ticket = (await (
      await user.client.post('/api/question-files/upload-url/', { file_name: name, size: bytes.length })
    ).json()) as { upload_id: string; url: string };
    expect((await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
    const preview = await user.client.post('/api/question-files/preview/', {
      upload_id: ticket.upload_id,
      file_name: name,
      reading,
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: name,
      is_public: false,
      reading,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    return { preview: (await preview.json()) as { rows: Record<string, string>[] }, pool: await poolOf(user) };
  }

  const FORMULAS = [
    'question,answer,explanation,options',
    '"$\\frac{1}{2} \\times 4$ 의 값은?",2,"2*3 = 6 처럼 C# 에서도",',
    '가격이 $5 and $10 인 상품의 합은?,$15,*참고*,',
    'Which service runs a release pipeline?,C,,"{""A"":""AWS CodeCommit"",""B"":""AWS CodeBuild"",""C"":""AWS CodePipeline""}"',
  ].join('\n');

  it('stores a question with a formula as Markdown, its plain cells escaped, and look-alikes plain (text format auto)', async () => {
    const user = await fixtureUser(apiUrl, { language: 'ko' });
    const { preview, pool } = await previewAndImport(user, 'formulas.csv', FORMULAS, { text_format: 'auto' });
    expect(preview.rows.map((r) => r.format)).toEqual(['markdown', 'plain', 'plain']);
    expect(pool.map((q) => q.format)).toEqual(['markdown', undefined, undefined]);
    expect(pool[0]).toMatchObject({
      content_ko: '$\\frac{1}{2} \\times 4$ 의 값은?',
      explanation_ko: '2\\*3 = 6 처럼 C# 에서도',
    });
    expect(pool[1]).toMatchObject({ content_ko: '가격이 $5 and $10 인 상품의 합은?', explanation_ko: '*참고*' });
    // The JSON object of choices: three choices, the answer C stored as their number.
    expect(pool[2]).toMatchObject({
      content_ko: 'Which service runs a release pipeline?\n1) AWS CodeCommit\n2) AWS CodeBuild\n3) AWS CodePipeline',
      answer_ko: '3',
      title_ko: 'Which service runs a release pipeline?',
    });
  });

  it('stores every question plain or every question Markdown when the file says so', async () => {
    const plain = await fixtureUser(apiUrl, { language: 'ko' });
    const asPlain = await previewAndImport(plain, 'formulas.csv', FORMULAS, { text_format: 'plain' });
    expect(asPlain.preview.rows.map((r) => r.format)).toEqual(['plain', 'plain', 'plain']);
    expect(asPlain.pool.map((q) => q.format)).toEqual([undefined, undefined, undefined]);
    expect(asPlain.pool[0]!.explanation_ko).toBe('2*3 = 6 처럼 C# 에서도');
    const markdown = await fixtureUser(apiUrl, { language: 'ko' });
    const asMarkdown = await previewAndImport(markdown, 'formulas.csv', FORMULAS, { text_format: 'markdown' });
    expect(asMarkdown.pool.map((q) => q.format)).toEqual(['markdown', 'markdown', 'markdown']);
    expect(asMarkdown.pool[1]!.explanation_ko).toBe('*참고*');
  });
});
