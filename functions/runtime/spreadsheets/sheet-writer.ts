import * as XLSX from '#xlsx-writer';

/*
 * Writing only, through `#xlsx-writer`: the bundles give the modules that only write workbooks a
 * write-only copy of SheetJS (infra/bundling.ts, D501); reading (sheets.ts) has the other copy.
 */

/** An .xlsx with one sheet per entry (names cut to Excel's 31 characters). */
export function writeWorkbook(sheets: { name: string; rows: unknown[][] }[]): Uint8Array {
  const book = XLSX.utils.book_new();
  const used = new Set<string>();
  for (const sheet of sheets) {
    let name = sheet.name.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet';
    for (let i = 2; used.has(name); i++) name = `${name.slice(0, 28)}_${i}`;
    used.add(name);
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), name);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
