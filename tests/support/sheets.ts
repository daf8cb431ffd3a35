import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';

/** Spreadsheet bytes for import tests: real workbooks from SheetJS, CSV text and hand-made zips. */
export function xlsxBytes(rows: unknown[][], sheetName = 'Sheet1'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array);
}

export function xlsBytes(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
}

export function csvBytes(rows: string[][]): Buffer {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export const KO_HEADER = ['문제id', '제목', '문제 내용', '정답', '설명', '난이도', 'URL', '그룹ID'];
export const EN_HEADER = [
  'Question ID',
  'Title',
  'Question Content',
  'Answer',
  'Explanation',
  'Difficulty',
  'URL',
  'Group ID',
];

/** A small Korean bank for grading tests: plain, multiple-choice and yes/no questions in two groups. */
export const GRADING_ROWS = [
  ['1', '쿠버네티스', '파드란?', 'pod answer', '', 'Easy', '', 'g1'],
  ['2', '복수 선택', '두 개를 고르시오\nA. 하나\nB. 둘\nC. 셋\nD. 넷', 'A, C', '', 'Medium', '', 'g1'],
  ['3', '예/아니오', '컨테이너는 가볍다?', '예', '', 'Hard', '', 'g2'],
  ['4', '네번째', '내용 4', 'answer four', '', 'Easy', '', 'g2'],
  ['5', '다섯째', '내용 5', 'answer five', '', 'Easy', '', 'g2'],
];

export function questionRows(count: number, prefix = 'Q'): string[][] {
  return Array.from({ length: count }, (_, i) => [
    String(i + 1),
    `${prefix} title ${i + 1}`,
    `${prefix} content ${i + 1}`,
    `${prefix} answer ${i + 1}`,
    '',
    ['Easy', 'Medium', 'Hard'][i % 3]!,
    '',
    `g${i % 5}`,
  ]);
}

/**
 * A zip with one entry of `uncompressed` zero bytes. `declare` overrides the uncompressed size
 * written in the headers (a lying directory).
 */
export function zipWith(entries: { name: string; data?: Buffer; zeros?: number; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = entry.data ?? Buffer.alloc(entry.zeros ?? 0);
    const compressed = deflateRawSync(raw, { level: 9 });
    const name = Buffer.from(entry.name);
    const size = entry.declare ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(directory.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, eocd]);
}

export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  return form;
}
