import iconv from 'iconv-lite';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChoiceOptions, isAnswerCorrect } from '#shared/domain/answer-check.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { xlsxBytes } from '../support/sheets.js';
import { questionPoolOf as poolOf, uploadQuestionFile as upload } from '../support/question-pool.js';

/*
 * The files learners already have, each written here in the shape the tools export:
 * a headerless TSV, a `;` CSV, a CP949 CSV from Korean Excel, a UTF-16 Anki export, Quizlet sets,
 * answers quoted after a space, option columns, an options cell and columns the importer does not
 * know. Each is imported through the API and its questions read back from the table.
 */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('question import: the files learners have', () => {
  let ko: () => Promise<FixtureUser>;
  let en: () => Promise<FixtureUser>;
  beforeAll(() => {
    ko = () => fixtureUser(apiUrl, { language: 'ko' });
    en = () => fixtureUser(apiUrl, { language: 'en' });
  });

  it('a headerless TSV: every line a card, ids numbered, titles from the question, the import says it had no header', async () => {
    const user = await ko();
    const { status, body } = await upload(
      user,
      '단어장.tsv',
      Buffer.from('사과\tapple\t과일\n바나나\tbanana, yellow\n\n포도\tgrape\n'),
    );
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ total_rows: 3, imported: 3, ids_assigned: 3 });
    expect(body.report).toMatchObject({
      headerless: true,
      format: { kind: 'text', delimiter: '\t', encoding: 'utf-8' },
      skipped_rows: [],
    });
    const pool = await poolOf(user);
    expect(pool.map((q) => [q.csv_id, q.title_ko, q.content_ko, q.answer_ko, q.explanation_ko])).toEqual([
      ['1', '사과', '사과', 'apple', '과일'],
      ['2', '바나나', '바나나', 'banana, yellow', ''],
      ['3', '포도', '포도', 'grape', ''],
    ]);
  });

  it('a semicolon-separated CSV with commas in its text', async () => {
    const user = await en();
    const { status, body } = await upload(
      user,
      'spanish.csv',
      Buffer.from('question;answer\nthe house, the home;la casa\nto be (state);estar\n'),
    );
    expect(status).toBe(200);
    expect(body.report.format).toMatchObject({ delimiter: ';' });
    expect((await poolOf(user)).map((q) => [q.content_en, q.answer_en])).toEqual([
      ['the house, the home', 'la casa'],
      ['to be (state)', 'estar'],
    ]);
  });

  it('a CSV saved by Korean Excel (CP949) with Korean headers', async () => {
    const user = await ko();
    const bytes = iconv.encode(
      '문제,정답,해설\r\n대한민국의 수도는?,서울,한강이 흐른다\r\n"쉼표, 있는 문제",정답\r\n',
      'cp949',
    );
    const { status, body } = await upload(user, '기출.csv', bytes);
    expect(status).toBe(200);
    expect(body.report.format).toMatchObject({ encoding: 'cp949', delimiter: ',' });
    expect((await poolOf(user)).map((q) => [q.content_ko, q.answer_ko, q.explanation_ko])).toEqual([
      ['대한민국의 수도는?', '서울', '한강이 흐른다'],
      ['쉼표, 있는 문제', '정답', ''],
    ]);
  });

  it('a UTF-16 Anki export with #separator:tab, #html:true and #columns: HTML to text, Tags kept', async () => {
    const user = await en();
    const text =
      '#separator:tab\r\n#html:true\r\n#columns:Front\tBack\tTags\r\nWhat is <b>S3</b>?\tObject storage<br>by AWS\taws storage\r\nbonjour\thello &amp; welcome\t\r\n';
    const { status, body } = await upload(user, 'deck.txt', utf16le(text));
    expect(status).toBe(200);
    expect(body.report).toMatchObject({
      format: { source: 'anki', encoding: 'utf-16le', html: true },
      extra_columns: ['Tags'],
    });
    expect((await poolOf(user)).map((q) => [q.content_en, q.answer_en, q.explanation_en])).toEqual([
      ['What is S3?', 'Object storage\nby AWS', 'Tags: aws storage'],
      ['bonjour', 'hello & welcome', ''],
    ]);
  });

  it('Quizlet exports: the default (tab, new line) reads as it is; the stored file downloads as uploaded', async () => {
    const user = await ko();
    const plain = await upload(user, 'quizlet.txt', Buffer.from('고양이\tcat\n개\tdog\n'));
    expect(plain.status).toBe(200);
    expect(plain.body.report.format).toMatchObject({ delimiter: '\t', record_delimiter: 'newline' });
    const download = await user.client.get(`/api/question-files/${plain.body.file.id}/download/`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/plain');
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('고양이\tcat\n개\tdog\n');
    const pool = await poolOf(user);
    expect(pool.map((q) => `${q.content_ko}=${q.answer_ko}`)).toEqual(['고양이=cat', '개=dog']);
  });

  it('answers written `question, "a, b, c"` stay whole, and each repaired line is listed', async () => {
    const user = await en();
    const lines = [
      'Question,Answer',
      'Which are compute services?, "EC2, Lambda, Fargate"',
      'Which is object storage?, "S3"',
      'Which is DNS?,Route 53',
    ];
    const { status, body } = await upload(user, 'aws.csv', Buffer.from(`${lines.join('\n')}\n`));
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ imported: 3, errors: 0 });
    expect(body.report.repairs).toEqual([
      { line: 2, kind: 'quote_after_space' },
      { line: 3, kind: 'quote_after_space' },
    ]);
    const pool = await poolOf(user);
    expect(pool.map((q) => [q.csv_id, q.title_en, q.answer_en])).toEqual([
      ['1', 'Which are compute services?', 'EC2, Lambda, Fargate'],
      ['2', 'Which is object storage?', 'S3'],
      ['3', 'Which is DNS?', 'Route 53'],
    ]);
  });

  it('Option 1..4 columns become choices the take-exam screen shows; an answer given as text or number marks the right one', async () => {
    const user = await ko();
    const rows = [
      ['문제', '보기1', '보기2', '보기3', '보기4', '정답'],
      ['가장 큰 행성은?', '지구', '목성', '화성', '금성', '목성'],
      ['1+1은?', '1', '2', '3', '4', '2'],
    ];
    const { status, body } = await upload(user, '객관식.xlsx', xlsxBytes(rows));
    expect(status).toBe(200);
    expect(body.stats.with_choices).toBe(2);
    const [first, second] = await poolOf(user);
    expect(first).toMatchObject({ content_ko: '가장 큰 행성은?\n1) 지구\n2) 목성\n3) 화성\n4) 금성', answer_ko: '2' });
    expect(second).toMatchObject({ answer_ko: '2' });
    expect(hasChoiceOptions(String(first!.content_ko))).toBe(true);
    expect(isAnswerCorrect('2', String(first!.answer_ko), String(first!.content_ko))).toBe(true);
    expect(isAnswerCorrect('1', String(first!.answer_ko), String(first!.content_ko))).toBe(false);
  });

  it('an `id,type,question,options,answer,explanation` file: options `a|b|c` become choices, the type column is kept', async () => {
    const user = await en();
    const csv =
      'id,type,question,options,answer,explanation\nq1,single,Capital of France?,Berlin|Paris|Rome,Paris,Seine\nq2,single,Largest ocean?,Atlantic|Pacific,B,\n';
    const { status, body } = await upload(user, 'quiz.csv', Buffer.from(csv));
    expect(status).toBe(200);
    expect(body.report.extra_columns).toEqual(['type']);
    expect((await poolOf(user)).map((q) => [q.csv_id, q.content_en, q.answer_en, q.explanation_en])).toEqual([
      ['q1', 'Capital of France?\n1) Berlin\n2) Paris\n3) Rome', '2', 'Seine\ntype: single'],
      ['q2', 'Largest ocean?\n1) Atlantic\n2) Pacific', '2', 'type: single'],
    ]);
  });

  it('columns the importer does not know are kept in the explanation and named in the result; skipped rows are listed', async () => {
    const user = await en();
    const csv =
      'Term,Definition,Example,Part of speech\nephemeral,lasting a short time,an ephemeral fad,adj\nubiquitous,,,adj\nephemeral,lasting a short time,an ephemeral fad,adj\n';
    const { status, body } = await upload(user, 'vocab.csv', Buffer.from(csv));
    expect(status).toBe(200);
    expect(body.report.extra_columns).toEqual(['Example', 'Part of speech']);
    expect(body.report.skipped_rows).toEqual([
      { line: 3, reason: 'blank_answer' },
      { line: 4, reason: 'duplicate' },
    ]);
    expect(body.message).toContain('1 without an answer');
    const [q] = await poolOf(user);
    expect(q).toMatchObject({
      content_en: 'ephemeral',
      answer_en: 'lasting a short time',
      explanation_en: 'Example: an ephemeral fad\nPart of speech: adj',
    });
  });

  it('refuses binary bytes named .txt and a header lacking the answer, leaving nothing behind', async () => {
    const user = await ko();
    const junk = await upload(user, 'junk.txt', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0x81, 0x02]));
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('sheet_not_spreadsheet');
    const noAnswer = await upload(user, 'no-answer.tsv', Buffer.from('문제\t해설\n하나\t둘\n'));
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.body.code).toBe('sheet_missing_column');
    expect(noAnswer.body.detail).toContain('정답 / Answer');
    expect(await itemsOwnedBy(user.id)).toEqual([]);
    expect(await objectsUnder(`files/${user.id}/`)).toEqual([]);
  });

  it('previews an upload without writing, then imports it with a changed mapping; without one the proposal is used', async () => {
    const user = await en();
    const bytes = Buffer.from(
      'Term,Definition,Example,Source\nephemeral,lasting a short time,an ephemeral fad,book\nubiquitous,,,web\n',
    );
    const ticket = (await (
      await user.client.post('/api/question-files/upload-url/', { file_name: 'vocab.csv', size: bytes.length })
    ).json()) as { upload_id: string; url: string };
    expect((await fetch(ticket.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);

    const preview = await user.client.post('/api/question-files/preview/', {
      upload_id: ticket.upload_id,
      file_name: 'vocab.csv',
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const proposal = (await preview.json()) as Record<string, any>;
    expect(proposal.columns).toEqual([
      { name: 'Term', role: 'content', proposed: 'content' },
      { name: 'Definition', role: 'answer', proposed: 'answer' },
      { name: 'Example', role: 'extra', proposed: 'extra' },
      { name: 'Source', role: 'extra', proposed: 'extra' },
    ]);
    expect(proposal.rows).toEqual([
      {
        line: 2,
        csv_id: '1',
        title: 'ephemeral',
        content: 'ephemeral',
        answer: 'lasting a short time',
        explanation: 'Example: an ephemeral fad\nSource: book',
        format: 'plain',
      },
    ]);
    expect(proposal.skipped_rows).toEqual([{ line: 3, reason: 'blank_answer' }]);
    expect(proposal.format).toMatchObject({ delimiter: ',', encoding: 'utf-8' });
    // Nothing written; the pending upload stays for the import.
    expect((await itemsOwnedBy(user.id)).filter((i) => i.type === 'QUESTION')).toEqual([]);
    expect(await objectsUnder(`pending/${user.id}/`)).toHaveLength(1);

    // The user keeps the example as the explanation and ignores the source.
    const mapping = ['content', 'answer', 'explanation', 'ignore'];
    const changed = (await (
      await user.client.post('/api/question-files/preview/', {
        upload_id: ticket.upload_id,
        file_name: 'vocab.csv',
        mapping,
      })
    ).json()) as Record<string, any>;
    expect(changed.rows[0]).toMatchObject({ explanation: 'an ephemeral fad' });
    const refused = await user.client.post('/api/question-files/preview/', {
      upload_id: ticket.upload_id,
      file_name: 'vocab.csv',
      mapping: ['content', 'ignore'],
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('sheet_missing_column');

    const imported = await user.client.post('/api/question-files/import/', {
      upload_id: ticket.upload_id,
      file_name: 'vocab.csv',
      is_public: false,
      mapping,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(
      ((await imported.clone().json()) as { report: { ignored_columns: string[] } }).report.ignored_columns,
    ).toEqual(['Source']);
    expect((await poolOf(user)).map((q) => [q.content_en, q.answer_en, q.explanation_en])).toEqual([
      ['ephemeral', 'lasting a short time', 'an ephemeral fad'],
    ]);
    expect(await objectsUnder(`pending/${user.id}/`)).toEqual([]);
  });

  it("answers a preview of another user's or a missing upload with 404", async () => {
    const user = await en();
    const res = await user.client.post('/api/question-files/preview/', {
      upload_id: 'b'.repeat(24),
      file_name: 'x.csv',
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('upload_not_found');
  });
});
