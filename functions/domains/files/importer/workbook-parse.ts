import type { SheetExtension } from '#shared/domain/question-sheet.js';
import { splitHeader, type ParsedSheet } from './parsed-sheet.js';
import { parseWorkbookRows } from './workbook-sheet.js';

/**
 * The first sheet of an `.xlsx`/`.xls` workbook (SheetJS), header split off. Apart from parse.ts so
 * that a workbook's readers do not bring the text and quiz readers (iconv-lite, html-to-text,
 * csv-parse: ~400 KB) into the spreadsheet Lambdas' init; those load on a text file's first read (D478).
 */
export function parseWorkbookSheet(bytes: Uint8Array, extension: SheetExtension): ParsedSheet {
  const { rows: all, lines: allLines } = parseWorkbookRows(bytes);
  return splitHeader(all, allLines, {
    kind: 'workbook',
    extension,
    encoding: null,
    bom: false,
    delimiter: null,
    record_delimiter: null,
    source: 'workbook',
    html: false,
  });
}
