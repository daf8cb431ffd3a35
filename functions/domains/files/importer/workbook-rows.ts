import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { QUESTION_SHEET_LIMITS } from '#shared/domain/question-sheet.js';

/**
 * How many rows an .xlsx's first sheet has, counted before SheetJS parses it: SheetJS reads the
 * whole sheet XML even with `sheetRows` set, so a 1,000,000-row sheet (some 120 KB zipped) cost
 * seconds before the row limit refused it. The sheet's `<dimension ref="A1:H1000001">` answers
 * first when it is over the limit; as it can lie (or be missing), the sheet XML is then inflated in
 * steps and its `<row>` elements counted, stopping as soon as the count passes the limit (D286).
 * It runs before the zip guard inflates every entry (sniff.ts), so it stops on its own at the
 * guard's 100 MB of XML.
 */

/** Small parts read to find the first sheet: anything bigger is not a workbook we read. */
const MAX_PART_BYTES = 4 * 1024 * 1024;
/** Compressed bytes handed to the inflater at a time (at most ~1 MB of XML), so the count can stop early. */
const STEP = 1024;
const DIMENSION = /<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*\bref="[A-Z]*\d+:?[A-Z]*(\d+)"/;
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;

/** The path of the workbook's first sheet: its first `<sheet r:id>` resolved through the workbook's relationships. */
export function firstSheetPath(bytes: Uint8Array): string {
  const fallback = 'xl/worksheets/sheet1.xml';
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (f) =>
        (f.name === 'xl/workbook.xml' || f.name === 'xl/_rels/workbook.xml.rels') && f.originalSize <= MAX_PART_BYTES,
    });
  } catch {
    return fallback;
  }
  const decode = (name: string) => new TextDecoder().decode(parts[name] ?? new Uint8Array());
  const sheet = /<(?:[\w.-]+:)?sheet\b[^>]*>/.exec(decode('xl/workbook.xml'))?.[0];
  const id = sheet && /\s[\w.-]+:id="([^"]*)"/.exec(sheet)?.[1];
  if (!id) return fallback;
  for (const [relationship] of decode('xl/_rels/workbook.xml.rels').matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    if (/\sId="([^"]*)"/.exec(relationship)?.[1] !== id) continue;
    const target = /\sTarget="([^"]*)"/.exec(relationship)?.[1];
    if (!target) return fallback;
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
  }
  return fallback;
}

class Enough extends Error {}
class Unreadable extends Error {}

/**
 * Whether the first sheet of an .xlsx has more than `limit` rows (its dimension says so, or more
 * than `limit` `<row>` elements). A sheet that cannot be found answers false: SheetJS then decides.
 */
export function sheetHasMoreRows(bytes: Uint8Array, limit: number): boolean {
  const path = firstSheetPath(bytes);
  let rows = 0;
  let inflated = 0;
  let carry = '';
  let first = true;
  const count = (text: string) => {
    if (first) {
      first = false;
      const lastRow = Number(DIMENSION.exec(text)?.[1] ?? 0);
      if (lastRow > limit) throw new Enough();
    }
    rows += text.match(ROW)?.length ?? 0;
    if (rows > limit) throw new Enough();
  };
  const unzip = new Unzip((file) => {
    if (file.name !== path) return;
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      inflated += chunk.length;
      // A bomb without rows: the zip guard that runs next refuses it.
      if (inflated > QUESTION_SHEET_LIMITS.maxUncompressedBytes) throw new Unreadable();
      // Latin-1 keeps one character a byte: the tags counted are ASCII, a split one waits for the next chunk.
      const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      const cut = text.lastIndexOf('<');
      const whole = final || cut < 0 || text.length - cut > 256 ? text.length : cut;
      carry = text.slice(whole);
      count(text.slice(0, whole));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += STEP)
      unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  } catch (error) {
    if (error instanceof Enough) return true;
    // A broken archive or sheet: SheetJS reports it as unreadable.
    return false;
  }
  return false;
}

/** SheetJS's compound-file reader (typed `any` by SheetJS): the .xls container. */
const CFB = XLSX.CFB as {
  read(data: Uint8Array, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): { content?: Uint8Array | number[] } | null;
};
/** BIFF8 records that hold a cell, their row the first two bytes of their data; ROW describes one row. */
const CELL_RECORDS = new Set([0x0006, 0x00bd, 0x00be, 0x00d6, 0x00fd, 0x0201, 0x0203, 0x0204, 0x0205, 0x027e, 0x0208]);
const BOUNDSHEET = 0x0085;
const EOF = 0x000a;

/**
 * Whether the first sheet of an .xls has a cell below row `limit`: its BIFF records are walked (type,
 * length, data; no cell decoded) from the offset the workbook's first BOUNDSHEET gives. SheetJS
 * walks every record of the sheet even with `sheetRows`, ~1.2 s for a 65,536-row sheet. A container
 * or stream that cannot be walked answers false: SheetJS then decides.
 */
export function xlsHasMoreRows(bytes: Uint8Array, limit: number): boolean {
  let stream: Uint8Array;
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    const content = (CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book'))?.content;
    if (!content) return false;
    stream = content instanceof Uint8Array ? content : Uint8Array.from(content);
  } catch {
    return false;
  }
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let sheetAt = -1;
  for (let at = 0; at + 4 <= stream.length; at += 4 + view.getUint16(at + 2, true)) {
    const type = view.getUint16(at, true);
    if (type === BOUNDSHEET && at + 8 <= stream.length) {
      sheetAt = view.getUint32(at + 4, true);
      break;
    }
    if (type === EOF) break;
  }
  if (sheetAt < 0) return false;
  let rows = 0;
  for (let at = sheetAt; at + 4 <= stream.length; at += 4 + view.getUint16(at + 2, true)) {
    const type = view.getUint16(at, true);
    if (type === EOF) break;
    if (CELL_RECORDS.has(type) && at + 6 <= stream.length) rows = Math.max(rows, view.getUint16(at + 4, true) + 1);
    if (rows > limit) return true;
  }
  return false;
}
