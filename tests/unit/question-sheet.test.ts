import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeAnswer } from '#shared/domain/answer-check.js';
import { choiceOptions } from '#shared/domain/input-form.js';
import {
  QUESTION_SHEET_LIMITS,
  choiceAnswer,
  cleanFileName,
  headerKey,
  headerlessColumns,
  mapHeaders,
  normalizeRows,
  sheetExtension,
  sheetFileNameSchema,
  splitOptionsCell,
  titleFromContent,
  type SheetTextFormat,
} from '#shared/domain/question-sheet.js';
import { COLUMN_LABELS } from '#shared/domain/question-sheet-columns.js';
import { MAX_COMPOSED_CHARS } from '#shared/domain/question-sheet-rows.js';
import { SHORT_TITLE, titleRepeatsQuestion, titleRepeatsText } from '#shared/domain/question-title.js';
import { plainText } from '#shared/domain/rich-text.js';

describe('question sheet headers', () => {
  it('maps Korean, English and other spellings', () => {
    const cases: [string[], Record<string, number>][] = [
      [
        ['문제id', '제목', '문제 내용', '정답', '설명', '난이도', 'URL', '그룹ID'],
        { csv_id: 0, title: 1, content: 2, answer: 3, explanation: 4, difficulty: 5, url: 6, group_id: 7 },
      ],
      [
        ['Question ID', 'Title', 'Question Content', 'Answer', 'Explanation', 'Difficulty', 'URL', 'Group ID'],
        { csv_id: 0, title: 1, content: 2, answer: 3, explanation: 4, difficulty: 5, url: 6, group_id: 7 },
      ],
      [
        ['question_id', 'title', 'content', 'answer', 'level', 'link', 'group_id'],
        { csv_id: 0, title: 1, content: 2, answer: 3, difficulty: 4, url: 5, group_id: 6 },
      ],
      [
        [' \uFEFFQUESTION-ID ', 'ＴＩＴＬＥ', 'question content', 'ANSWER'],
        { csv_id: 0, title: 1, content: 2, answer: 3 },
      ],
    ];
    for (const [headers, expected] of cases) {
      const mapping = mapHeaders(headers);
      expect(mapping.ok, headers.join()).toBe(true);
      if (mapping.ok) expect(mapping.columns).toEqual(expected);
    }
  });

  it('names the missing required columns and lists what was found', () => {
    expect(mapHeaders(['문제id', '제목', '문제 내용', '', '설명'])).toEqual({
      ok: false,
      missing: ['answer'],
      found: ['문제id', '제목', '문제 내용', '설명'],
      header: true,
    });
    // Fewer than two known names: no header at all, the row is read as a card.
    expect(mapHeaders([])).toMatchObject({ ok: false, missing: ['content', 'answer'], header: false });
    expect(mapHeaders(['사과', 'apple'])).toMatchObject({ ok: false, header: false });
  });

  it('folds case, width, spaces and separators', () => {
    expect(headerKey(' Group_ID ')).toBe('groupid');
    expect(headerKey('문제 ID')).toBe('문제id');
  });
});

const COLUMNS = { csv_id: 0, title: 1, content: 2, answer: 3, explanation: 4, difficulty: 5, url: 6, group_id: 7 };

describe('question sheet rows', () => {
  it('skips blank answers, removes identical rows, numbers blank ids, normalises difficulty and urls', () => {
    const outcome = normalizeRows(
      [
        ['3', 'a', 'c', 'x', '', 'easy', 'NaN', 'g'],
        ['3', 'a', 'c', 'x', '', 'easy', 'NaN', 'g'],
        ['', 'b', 'c', 'y', '', '어려움', 'https://x', ''],
        [9, 'numeric id', 'c', 'z', '', 2, 'nan', ''],
        ['4', 'no answer', 'c', '  ', '', '', '', ''],
        ['', '', '', '', '', '', '', ''],
        ['', 'd', 'c', 'w', '', 'weird', '', ''],
      ],
      COLUMNS,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.stats).toEqual({
      total_rows: 6,
      imported: 4,
      skipped: 2,
      skipped_blank_answer: 1,
      duplicates_removed: 1,
      skipped_too_long: 0,
      ids_assigned: 2,
      with_choices: 0,
      errors: 0,
    });
    expect(outcome.skipped_rows).toEqual([
      { line: 3, reason: 'duplicate' },
      { line: 6, reason: 'blank_answer' },
    ]);
    expect(outcome.questions.map((q) => [q.csv_id, q.difficulty, q.url])).toEqual([
      ['3', 'Easy', ''],
      ['10', 'Hard', 'https://x'],
      ['9', 'Medium', ''],
      ['11', 'Medium', ''],
    ]);
  });

  it('skips a row with a cell over the limit, naming its line and column, and imports the others', () => {
    const long = 'x'.repeat(QUESTION_SHEET_LIMITS.maxCellChars + 1);
    expect(
      normalizeRows(
        [
          ['1', 't', 'c', 'a'],
          ['2', 't', long, 'a'],
        ],
        COLUMNS,
      ),
    ).toMatchObject({
      ok: true,
      stats: { imported: 1, skipped_too_long: 1 },
      skipped_rows: [{ line: 3, reason: 'cell_too_long', column: 'Question Content' }],
    });
  });

  it('names the field when a question or explanation made of other columns is over the limit', () => {
    const third = 'x'.repeat(Math.ceil(MAX_COMPOSED_CHARS / 3));
    const mapping = mapHeaders(['Question', 'Answer', 'Chapter', 'Unit', 'Page']);
    if (!mapping.ok) throw new Error('headers');
    expect(normalizeRows([['q', 'a', third, third, third]], mapping)).toMatchObject({
      ok: false,
      code: 'sheet_no_questions',
    });
    expect(
      normalizeRows(
        [
          ['q', 'a', third, third, third],
          ['q2', 'a', '', '', ''],
        ],
        mapping,
      ),
    ).toMatchObject({
      ok: true,
      skipped_rows: [{ line: 2, reason: 'cell_too_long', column: COLUMN_LABELS.explanation.en }],
    });
  });

  it('refuses more than the row cap and a sheet without answered rows', () => {
    const rows = Array.from({ length: QUESTION_SHEET_LIMITS.maxRows + 1 }, (_, i) => [String(i), 't', 'c', 'a']);
    expect(normalizeRows(rows, COLUMNS)).toMatchObject({ ok: false, code: 'sheet_too_many_rows' });
    expect(normalizeRows(rows.slice(0, QUESTION_SHEET_LIMITS.maxRows), COLUMNS).ok).toBe(true);
    expect(normalizeRows([['1', 't', 'c', '']], COLUMNS)).toEqual({ ok: false, code: 'sheet_no_questions' });
  });
});

/** The one question a row with columns question, answer, options (and more) becomes. */
function onlyQuestion(row: string[], names: string[], textFormat?: SheetTextFormat) {
  const mapping = mapHeaders(names);
  if (!mapping.ok) throw new Error(names.join());
  const outcome = normalizeRows([row], mapping, undefined, { textFormat });
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.questions[0]!;
}

describe('choices in every shape people write (D278)', () => {
  const AWS = ['AWS CodeCommit', 'AWS CodeBuild', 'AWS CodePipeline'];

  it.each([
    ['a JSON object keyed by letter', '{"A":"AWS CodeCommit","B":"AWS CodeBuild","C":"AWS CodePipeline"}'],
    ['a JSON object out of key order', '{"C":"AWS CodePipeline","A":"AWS CodeCommit","B":"AWS CodeBuild"}'],
    ['a JSON object keyed by number', '{"1":"AWS CodeCommit","2":"AWS CodeBuild","3":"AWS CodePipeline"}'],
    [
      'a JSON object keyed by lower-case letter',
      '{"a": "AWS CodeCommit", "b": "AWS CodeBuild", "c": "AWS CodePipeline"}',
    ],
    ['a JSON list', '["AWS CodeCommit", "AWS CodeBuild", "AWS CodePipeline"]'],
    ['pipes', 'AWS CodeCommit | AWS CodeBuild | AWS CodePipeline'],
    ['lines', 'AWS CodeCommit\nAWS CodeBuild\r\nAWS CodePipeline'],
    ['semicolons', 'AWS CodeCommit; AWS CodeBuild; AWS CodePipeline'],
    ['lines marked A. B. C.', 'A. AWS CodeCommit\nB. AWS CodeBuild\nC. AWS CodePipeline'],
    ['pipes marked (1) (2) (3)', '(1) AWS CodeCommit|(2) AWS CodeBuild|(3) AWS CodePipeline'],
    ['a JSON list marked a) b) c)', '["a) AWS CodeCommit", "b) AWS CodeBuild", "c) AWS CodePipeline"]'],
  ])('reads %s', (_shape, cell) => {
    expect(splitOptionsCell(cell)).toEqual(AWS);
  });

  it('keeps marks that are not in order, and a JSON object of non-texts as one choice', () => {
    expect(splitOptionsCell('B. x|A. y')).toEqual(['B. x', 'A. y']);
    expect(splitOptionsCell('{"A": {"text": "x"}}')).toEqual(['{"A": {"text": "x"}}']);
    expect(splitOptionsCell('{"A":1,"B":2}')).toEqual(['1', '2']);
  });

  it.each([
    ['C', '3'],
    ['c', '3'],
    ['(C)', '3'],
    ['3', '3'],
    ['3.', '3'],
    ['AWS CodePipeline', '3'],
    ['aws codepipeline.', '3'],
    ['A, C', '1,3'],
    ['C;A', '1,3'],
    ['["A", "C"]', '1,3'],
    ['[1, 3]', '1,3'],
    ['AWS CodeCommit | AWS CodePipeline', '1,3'],
    ['C. AWS CodePipeline', '3'],
    ['none of these', 'none of these'],
  ])('an answer %j names choice %s', (answer, stored) => {
    expect(choiceAnswer(answer, AWS)).toBe(stored);
  });

  it('a JSON object of choices with the answer C becomes a three-choice question answered 3, graded by text too', () => {
    const q = onlyQuestion(
      [
        'Which service runs a release pipeline?',
        'C',
        '{"A":"AWS CodeCommit","B":"AWS CodeBuild","C":"AWS CodePipeline"}',
      ],
      ['question', 'answer', 'options'],
    );
    expect(choiceOptions(q.content).map((o) => o.text)).toEqual(AWS);
    expect(q.answer).toBe('3');
    expect(gradeAnswer('AWS CodePipeline', q.answer, q.content).verdict).toBe('correct');
    expect(gradeAnswer('AWS CodeBuild', q.answer, q.content).verdict).toBe('wrong');
  });

  it('reads option columns, their marks dropped, and an answer written as the option text', () => {
    const q = onlyQuestion(
      ['2024 우승 팀은?', 'KIA 타이거즈', '1. 삼성 라이온즈', '2. LG 트윈스', '3. KIA 타이거즈'],
      ['문제', '정답', '보기1', '보기2', '보기3'],
    );
    expect(q.content).toBe('2024 우승 팀은?\n1) 삼성 라이온즈\n2) LG 트윈스\n3) KIA 타이거즈');
    expect(q.answer).toBe('3');
  });
});

describe('text format: plain, Markdown, or per question (D279)', () => {
  const names = ['question', 'answer', 'explanation'];
  const math = '$\\frac{1}{2} + \\frac{1}{3}$ 의 값은?';

  it('auto makes a question Markdown when one of its cells is, escaping its plain cells', () => {
    const q = onlyQuestion([math, '5/6', 'C# 에서는 2*3 = 6 처럼 씁니다'], names);
    expect(q.format).toBe('markdown');
    expect(q.content).toBe(math);
    expect(q.explanation).toBe('C# 에서는 2\\*3 = 6 처럼 씁니다');
    expect(plainText(q.explanation, q.format)).toBe('C# 에서는 2*3 = 6 처럼 씁니다');
    // The title is plain: the first words of the question's plain form.
    expect(q.title).toBe('\\frac{1}{2} + \\frac{1}{3} 의 값은?');
  });

  it('auto leaves look-alikes plain and as typed', () => {
    const q = onlyQuestion(['가격은 $5 and $10, *중요*', 'C#', 'snake_case ^_^'], names);
    expect(q).toMatchObject({ format: 'plain', content: '가격은 $5 and $10, *중요*', answer: 'C#' });
  });

  it('plain and markdown take every cell as it is', () => {
    expect(onlyQuestion([math, '5/6', '2*3'], names, 'plain')).toMatchObject({ format: 'plain', content: math });
    expect(onlyQuestion(['**굵게**', '2*3', ''], names, 'markdown')).toMatchObject({
      format: 'markdown',
      content: '**굵게**',
      answer: '2*3',
    });
  });

  it('a choice answered by its text keeps its number when the choices are escaped', () => {
    const q = onlyQuestion([math, 'C*', 'F* | C* | $x^2$'], ['question', 'answer', 'options']);
    expect(q.format).toBe('markdown');
    expect(q.content.split('\n').slice(1)).toEqual(['1) F\\*', '2) C\\*', '3) $x^2$']);
    expect(q.answer).toBe('2');
    expect(gradeAnswer('C*', plainText(q.answer, q.format), plainText(q.content, q.format)).verdict).toBe('correct');
  });
});

describe('a headerless card’s title is its first words (D281)', () => {
  it.each([
    ['What is a pod?', 'What is a pod?'],
    ['\n첫 줄\n둘째 줄', '첫 줄'],
    ['다음 중 트랜잭션 격리 수준에 대한 설명으로 옳은 것을 모두 고르시오', '다음 중 트랜잭션 격리 수준에 대한…'],
    ['Which of the following statements about Kubernetes pods is true?', 'Which of the following statements about…'],
    ['One, two, three, four, five, six, seven', 'One, two, three, four, five, six…'],
    ['x'.repeat(150), `${'x'.repeat(SHORT_TITLE.chars - 1)}…`],
  ])('%j → %j', (content, title) => {
    expect(titleFromContent(content)).toBe(title);
  });

  it('a headerless file gives each card a short title, not its whole question', () => {
    const question = '쿠버네티스에서 파드가 재시작될 때 컨테이너의 로컬 파일 시스템 데이터는 어떻게 되는가?';
    const outcome = normalizeRows([[question, '사라진다']], headerlessColumns(2));
    expect(outcome.ok && outcome.questions[0]!.title).toBe('쿠버네티스에서 파드가 재시작될 때 컨테이너의 로컬…');
  });

  it('a title repeats its question when equal in the plain form, case, spacing and final punctuation aside', () => {
    expect(titleRepeatsQuestion('What is a pod?', 'what is a  pod')).toBe(true);
    expect(titleRepeatsQuestion('2\u00d73 은?', '2\u00d73 은?')).toBe(true);
    expect(titleRepeatsQuestion('2*3 = ?', '2\\*3 = ?', 'markdown')).toBe(true);
    expect(titleRepeatsQuestion('2*3 = ?', '2\\*3 = ?', 'plain')).toBe(false);
    expect(titleRepeatsQuestion('파드', '파드란?')).toBe(false);
    expect(titleRepeatsQuestion('', '')).toBe(false);
  });

  const sentence = fc
    .array(
      fc.constantFrom('파드', '컨테이너가', 'What', 'is', 'the', 'Kubernetes', '재시작', '🙂', 'ㅋㅋ', '가'.repeat(30)),
      {
        minLength: 1,
        maxLength: 20,
      },
    )
    .map((words) => words.join(' '));

  it('is at most 6 words and 40 characters, a start of the question, whole when short (property)', () => {
    fc.assert(
      fc.property(sentence, (text) => {
        const title = titleFromContent(text);
        const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(title)];
        expect(graphemes.length).toBeLessThanOrEqual(SHORT_TITLE.chars);
        expect(title.split(' ').length).toBeLessThanOrEqual(SHORT_TITLE.words);
        if (title.endsWith('…')) expect(text.startsWith(title.slice(0, -1))).toBe(true);
        else expect(title).toBe(text);
        // A title equal to its question is what a screen shows once.
        expect(titleRepeatsText(title, text)).toBe(!title.endsWith('…'));
      }),
    );
  });
});

describe('question sheet file names', () => {
  it('accepts spreadsheet extensions only and strips paths', () => {
    expect(sheetExtension('a.XLSX')).toBe('xlsx');
    expect(sheetExtension('a.xls')).toBe('xls');
    expect(sheetExtension('a.csv')).toBe('csv');
    expect(sheetExtension('a.txt')).toBe('txt');
    expect(sheetExtension('a.TSV')).toBe('tsv');
    expect(sheetExtension('a.pdf')).toBeNull();
    expect(sheetExtension('xlsx')).toBeNull();
    expect(cleanFileName('../../etc/문제.xlsx')).toBe('문제.xlsx');
    expect(sheetFileNameSchema().safeParse('C:\\temp\\bank.csv').data).toBe('bank.csv');
    expect(sheetFileNameSchema().safeParse('bank.pdf').success).toBe(false);
  });
});
