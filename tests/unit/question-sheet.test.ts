import { describe, expect, it } from 'vitest';
import {
  QUESTION_SHEET_LIMITS,
  cleanFileName,
  headerKey,
  mapHeaders,
  normalizeRows,
  sheetExtension,
  sheetFileNameSchema,
} from '#shared/domain/question-sheet.js';

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
    });
    expect(mapHeaders([])).toMatchObject({ ok: false, missing: ['csv_id', 'title', 'content', 'answer'] });
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
      ids_assigned: 2,
      errors: 0,
    });
    expect(outcome.questions.map((q) => [q.csv_id, q.difficulty, q.url])).toEqual([
      ['3', 'Easy', ''],
      ['10', 'Hard', 'https://x'],
      ['9', 'Medium', ''],
      ['11', 'Medium', ''],
    ]);
  });

  it('refuses a cell over the limit with its row and column', () => {
    const long = 'x'.repeat(QUESTION_SHEET_LIMITS.maxCellChars + 1);
    expect(
      normalizeRows(
        [
          ['1', 't', 'c', 'a'],
          ['2', 't', long, 'a'],
        ],
        COLUMNS,
      ),
    ).toEqual({ ok: false, code: 'sheet_cell_too_long', row: 3, column: 'content' });
  });

  it('refuses more than the row cap and a sheet without answered rows', () => {
    const rows = Array.from({ length: QUESTION_SHEET_LIMITS.maxRows + 1 }, (_, i) => [String(i), 't', 'c', 'a']);
    expect(normalizeRows(rows, COLUMNS)).toMatchObject({ ok: false, code: 'sheet_too_many_rows' });
    expect(normalizeRows(rows.slice(0, QUESTION_SHEET_LIMITS.maxRows), COLUMNS).ok).toBe(true);
    expect(normalizeRows([['1', 't', 'c', '']], COLUMNS)).toEqual({ ok: false, code: 'sheet_no_questions' });
  });
});

describe('question sheet file names', () => {
  it('accepts spreadsheet extensions only and strips paths', () => {
    expect(sheetExtension('a.XLSX')).toBe('xlsx');
    expect(sheetExtension('a.xls')).toBe('xls');
    expect(sheetExtension('a.csv')).toBe('csv');
    expect(sheetExtension('a.txt')).toBeNull();
    expect(sheetExtension('xlsx')).toBeNull();
    expect(cleanFileName('../../etc/문제.xlsx')).toBe('문제.xlsx');
    expect(sheetFileNameSchema().safeParse('C:\\temp\\bank.csv').data).toBe('bank.csv');
    expect(sheetFileNameSchema().safeParse('bank.pdf').success).toBe(false);
  });
});
