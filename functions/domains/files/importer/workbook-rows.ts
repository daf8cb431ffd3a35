import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/**
 * How many rows an .xlsx's first sheet has, counted before SheetJS parses it: SheetJS reads the
 * whole sheet XML even with `sheetRows` set, so a 1,000,000-row sheet (some 120 KB zipped) cost
 * seconds before the row limit refused it. The sheet's `<dimension ref="A1:H1000001">` answers
 * first when it is over the limit; as it can lie (or be missing), the sheet XML is then inflated in
 * steps and its `<row>` elements counted, stopping as soon as the count passes the limit (D286).
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

/**
 * Whether the first sheet of an .xlsx has more than `limit` rows (its dimension says so, or more
 * than `limit` `<row>` elements). A sheet that cannot be found answers false: SheetJS then decides.
 */
export function sheetHasMoreRows(bytes: Uint8Array, limit: number): boolean {
  const path = firstSheetPath(bytes);
  let rows = 0;
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
