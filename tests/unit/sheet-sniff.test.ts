import { describe, expect, it } from 'vitest';
import { checkZip, sniffSpreadsheet } from '../../functions/domains/files/importer/sniff.js';
import { parseSheet } from '../../functions/domains/files/importer/parse.js';
import { parseCsvRows } from '../../functions/domains/files/importer/text-sheet.js';
import { AppError } from '../../functions/runtime/http/app-error.js';
import { QUESTION_SHEET_LIMITS } from '#shared/domain/question-sheet.js';
import { xlsxBytes, zipWith } from '../support/sheets.js';
import { longXls, longXlsx } from '../support/hostile-files.js';
import {
  firstSheetPath,
  sheetHasMoreRows,
  xlsHasMoreRows,
} from '../../functions/domains/files/importer/workbook-rows.js';
import { ROWS_TO_READ } from '../../functions/domains/files/importer/parsed-sheet.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
};

describe('spreadsheet sniffing', () => {
  it('checks magic bytes against the extension', () => {
    const xlsx = xlsxBytes([['a']]);
    expect(codeOf(() => sniffSpreadsheet(xlsx, 'xlsx'))).toBeNull();
    expect(codeOf(() => sniffSpreadsheet(xlsx, 'xls'))).toBe('400 sheet_not_spreadsheet');
    expect(codeOf(() => sniffSpreadsheet(Buffer.from('hello'), 'xlsx'))).toBe('400 sheet_not_spreadsheet');
    expect(codeOf(() => sniffSpreadsheet(Buffer.from('a,b\n1,2'), 'csv'))).toBeNull();
    // Text sheets are checked as they are decoded: bytes that are neither UTF-8, UTF-16 with its BOM nor CP949.
    expect(codeOf(() => parseSheet(Buffer.from([0xc3, 0x28, 0x80, 0xff]), 'csv'))).toBe('400 sheet_not_spreadsheet');
    expect(codeOf(() => parseSheet(Buffer.from('a,b\n\u0000\u0001,c'), 'tsv'))).toBe('400 sheet_not_spreadsheet');
    expect(codeOf(() => sniffSpreadsheet(Buffer.alloc(0), 'csv'))).toBe('400 sheet_not_spreadsheet');
    expect(codeOf(() => sniffSpreadsheet(Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), 'csv'))).toBe(
      '413 sheet_file_too_large',
    );
  });

  it("sums a zip's sizes and catches a lying directory", () => {
    expect(
      checkZip(
        zipWith([
          { name: 'a', zeros: 1000 },
          { name: 'b', data: Buffer.from('hi') },
        ]),
      ),
    ).toEqual({ entries: 2, uncompressedBytes: 1002 });
    expect(
      codeOf(() =>
        checkZip(
          zipWith([
            { name: 'a', zeros: 60 * 1024 * 1024 },
            { name: 'b', zeros: 50 * 1024 * 1024 },
          ]),
        ),
      ),
    ).toBe('413 sheet_uncompressed_too_large');
    expect(codeOf(() => checkZip(zipWith([{ name: 'a', zeros: 101 * 1024 * 1024, declare: 10 }])))).toBe(
      '413 sheet_uncompressed_too_large',
    );
    expect(codeOf(() => checkZip(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)])))).toBe(
      '400 sheet_not_spreadsheet',
    );
  });
});

describe('CSV reading', () => {
  it('reads quotes, doubled quotes, embedded line breaks, CRLF and a BOM; drops empty lines', () => {
    const text = '\uFEFFid,title\r\n1,"a, ""quoted""\nline"\r\n\r\n2,plain\n';
    expect(parseCsvRows(Buffer.from(text))).toEqual([
      ['id', 'title'],
      ['1', 'a, "quoted"\nline'],
      ['2', 'plain'],
    ]);
  });

  it('never guesses another format from the text (SYLK starts with ID;)', () => {
    const sheet = parseSheet(Buffer.from('ID;title,content,answer\n1,t,c,a\n'), 'csv');
    expect(sheet.header).toEqual(['ID;title', 'content', 'answer']);
  });

  it('reads an unterminated quote as text and says so', () => {
    expect(parseCsvRows(Buffer.from('a,"b\nc,d\n'))).toEqual([
      ['a', '"b'],
      ['c', 'd'],
    ]);
    expect(parseSheet(Buffer.from('a,"b\nc,d\n'), 'csv').repairs).toEqual([
      { line: expect.any(Number), kind: 'quotes_as_text' },
    ]);
  });

  it('takes CR, LF and CRLF line ends mixed in one file', () => {
    expect(parseCsvRows(Buffer.from('a,b\rc,d\ne,f\r\n"g\r\nh",i'))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g\r\nh', 'i'],
    ]);
  });

  it('keeps ragged rows and quotes inside unquoted fields; drops rows of empty cells', () => {
    expect(parseCsvRows(Buffer.from('a,b,c\n,,\n1,say "hi"\n  ,x\n'))).toEqual([
      ['a', 'b', 'c'],
      ['1', 'say "hi"'],
      ['', 'x'],
    ]);
  });

  it('stops at the row cap with 400 sheet_too_many_rows', () => {
    const rows = QUESTION_SHEET_LIMITS.maxRows + 1 + 1_000;
    const fits = `h\n${'x\n'.repeat(rows - 1)}`;
    expect(parseCsvRows(Buffer.from(fits))).toHaveLength(rows);
    expect(codeOf(() => parseCsvRows(Buffer.from(`${fits}x\n"never closed`)))).toBe('400 sheet_too_many_rows');
  });
});

describe('hostile bytes', () => {
  it('answer with our 4xx codes, never another error', async () => {
    const { randomBytes } = await import('node:crypto');
    const good = xlsxBytes([
      ['문제id', '제목', '문제 내용', '정답'],
      ['1', 't', 'c', 'a'],
    ]);
    const samples: [Buffer, 'xlsx' | 'xls' | 'csv'][] = [];
    for (let i = 0; i < 60; i++) {
      const cut = good.subarray(0, Math.floor(Math.random() * good.length));
      const flipped = Buffer.from(good);
      for (let k = 0; k < 20; k++)
        flipped[4 + Math.floor(Math.random() * (flipped.length - 4))] = Math.floor(Math.random() * 256);
      samples.push(
        [cut, 'xlsx'],
        [flipped, 'xlsx'],
        [Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(600)]), 'xls'],
      );
    }
    for (const [bytes, ext] of samples) {
      try {
        sniffSpreadsheet(bytes, ext);
        parseSheet(bytes, ext);
      } catch (error) {
        expect(error, String(error)).toBeInstanceOf(AppError);
      }
    }
  });
});

describe('.xlsx rows counted before SheetJS parses the sheet', () => {
  const timedCode = (bytes: Uint8Array) => {
    const start = performance.now();
    const code = codeOf(() => parseSheet(bytes, 'xlsx'));
    return { code, ms: performance.now() - start };
  };

  it.each([
    ['its dimension says so', 'A1:A1000000'],
    ['its dimension lies', 'A1'],
  ])('a 1,000,000-row sheet is refused within a second: %s', (_, dimension) => {
    const bytes = longXlsx(1_000_000, dimension);
    expect(bytes.length).toBeLessThan(200 * 1024);
    const { code, ms } = timedCode(bytes);
    expect(code).toBe('400 sheet_too_many_rows');
    expect(ms).toBeLessThan(1000);
  });

  it('a 65,536-row .xls whose DIMENSIONS record says one row is refused from its records', () => {
    const { code, ms } = (() => {
      const bytes = longXls(65_536);
      const start = performance.now();
      return { code: codeOf(() => parseSheet(bytes, 'xls')), ms: performance.now() - start };
    })();
    expect(code).toBe('400 sheet_too_many_rows');
    expect(ms).toBeLessThan(1000);
    expect(xlsHasMoreRows(longXls(ROWS_TO_READ), ROWS_TO_READ)).toBe(false);
    expect(xlsHasMoreRows(longXls(ROWS_TO_READ + 1), ROWS_TO_READ)).toBe(true);
    expect(parseSheet(longXls(3), 'xls').rows).toEqual([[1], [1]]);
  });

  it('counts up to the limit exactly, in the first sheet the workbook names', () => {
    expect(sheetHasMoreRows(longXlsx(ROWS_TO_READ), ROWS_TO_READ)).toBe(false);
    expect(sheetHasMoreRows(longXlsx(ROWS_TO_READ + 1), ROWS_TO_READ)).toBe(true);
    expect(firstSheetPath(longXlsx(1))).toBe('xl/worksheets/data.xml');
    expect(firstSheetPath(xlsxBytes([['a']]))).toBe('xl/worksheets/sheet1.xml');
    expect(sheetHasMoreRows(xlsxBytes([['q', 'a']]), 1)).toBe(false);
    expect(
      sheetHasMoreRows(
        xlsxBytes([
          ['q', 'a'],
          ['1', '2'],
        ]),
        1,
      ),
    ).toBe(true);
  });
});
