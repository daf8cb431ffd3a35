import { strToU8, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import * as XLSX from 'xlsx';
import { collectionBytes, mediaEntries, zstdStored } from './anki-deck.js';

/**
 * Hostile uploads written here for the import guards: small files that cost the reader far more
 * than their size — SQL run by a deck's schema, zstd bombs in a deck's media, a sheet of a million
 * rows — each made in code (no third-party file).
 */

const MB = 1024 * 1024;

/** A legacy collection whose `notes` is not a table: `objects` (views, triggers, virtual tables) are made instead. */
export async function collectionWithSchema(statements: string[]): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE col (id integer primary key, models text not null)');
  db.run(`INSERT INTO col VALUES (1, '{}')`);
  for (const statement of statements) db.run(statement);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** Every `notes` the reader could meet that runs SQL or is not Anki's, named. */
export const HOSTILE_SCHEMAS: Record<string, string[]> = {
  // Unbounded: reading it never ends (it stopped the local server).
  'a recursive view as notes': [
    "CREATE VIEW notes AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS id, 1 AS mid, 'q' || x AS flds, '' AS tags FROM r",
  ],
  'a costly view as notes': [
    "CREATE VIEW notes AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 3000000) SELECT max(x) AS id, 1 AS mid, 'q' AS flds, '' AS tags FROM r",
  ],
  'a generated column in notes': [
    "CREATE TABLE notes (id integer primary key, mid integer, tags text, flds text GENERATED ALWAYS AS (printf('%.*c', 50000000, 'x')) VIRTUAL)",
    "INSERT INTO notes (id, mid, tags) VALUES (1, 1, '')",
  ],
  'a trigger beside the notes': [
    'CREATE TABLE notes (id integer primary key, mid integer, flds text, tags text)',
    'CREATE TABLE log (x)',
    'CREATE TRIGGER t AFTER INSERT ON notes BEGIN INSERT INTO log VALUES (1); END',
  ],
  'notes without an integer id': ['CREATE TABLE notes (id text primary key, mid integer, flds text, tags text)'],
};

/** A zstd frame of 128 KB RLE blocks (4 bytes each) inflating to `size`, with the window it declares. */
export function zstdRle(size: number, windowDescriptor = 0x58): Uint8Array {
  const BLOCK = 128 * 1024;
  const count = Math.ceil(size / BLOCK);
  const blocks = Array.from({ length: count }, (_, i) => {
    const length = Math.min(BLOCK, size - i * BLOCK);
    const header = (length << 3) | (1 << 1) | (i === count - 1 ? 1 : 0);
    return [header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, 0x61];
  }).flat();
  return new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, windowDescriptor, ...blocks]);
}

/**
 * An anki21b deck whose eight images are zstd bombs (99 MB each from ~3 KB); the media map
 * declares `declared` bytes for each (0: no size declared).
 */
export async function mediaBombDeck(declared: number, count = 8): Promise<Buffer> {
  const names = Array.from({ length: count }, (_, i) => `m${i}.png`);
  const collection = await collectionBytes(
    names.map((name, i) => ({ fields: [`q${i} <img src="${name}">`, `a${i}`] })),
    'anki21b',
  );
  const entries: Record<string, Uint8Array> = {
    'collection.anki21b': zstdStored(collection),
    'collection.anki2': await collectionBytes([{ fields: ['Please update to the latest Anki version', ''] }]),
    media: zstdStored(mediaEntries(names.map((name) => ({ name, size: declared })))),
  };
  names.forEach((_, i) => (entries[String(i)] = zstdRle(99 * MB)));
  return Buffer.from(zipSync(entries, { level: 0 }));
}

/** A deck whose collection frame asks for a 2 GB window (6 header bytes). */
export function hugeWindowDeck(): Buffer {
  return Buffer.from(zipSync({ 'collection.anki21b': zstdRle(64, 0xa8), media: strToU8('{}') }, { level: 0 }));
}

/** An .xlsx whose first sheet has `rows` rows (each one number cell), its dimension saying `dimension`. */
export function longXlsx(rows: number, dimension = 'A1'): Buffer {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': xml(
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/data.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        ),
        '_rels/.rels': xml(
          `<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
        'xl/workbook.xml': xml(
          `<workbook xmlns="${main}" xmlns:r="${officeRels}"><sheets><sheet name="Q" sheetId="1" r:id="rId7"/></sheets></workbook>`,
        ),
        'xl/_rels/workbook.xml.rels': xml(
          `<Relationships xmlns="${rels}"><Relationship Id="rId7" Type="${officeRels}/worksheet" Target="worksheets/data.xml"/></Relationships>`,
        ),
        'xl/worksheets/data.xml': xml(
          `<worksheet xmlns="${main}"><dimension ref="${dimension}"/><sheetData>${'<row><c><v>1</v></c></row>'.repeat(rows)}</sheetData></worksheet>`,
        ),
      },
      { level: 1 },
    ),
  );
}

/** An .apkg holding `collection` as its legacy collection. */
export function deckOf(collection: Uint8Array): Buffer {
  return Buffer.from(zipSync({ 'collection.anki2': collection, media: strToU8('{}') }));
}

const record = (type: number, data: number[]) => [
  type & 0xff,
  type >> 8,
  data.length & 0xff,
  data.length >> 8,
  ...data,
];
const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [...u16(n & 0xffff), ...u16(n >>> 16)];

/** A BIFF8 .xls whose first sheet has `rows` rows of one number cell, its DIMENSIONS record saying one row. */
export function longXls(rows: number): Buffer {
  const bof = (kind: number) =>
    record(0x0809, [...u16(0x0600), ...u16(kind), ...u16(0), ...u16(0), ...u32(0), ...u32(0)]);
  const eof = record(0x000a, []);
  const name = [...new TextEncoder().encode('Q')];
  const boundSheet = (at: number) => record(0x0085, [...u32(at), 0, 0, name.length, 0, ...name]);
  const globals = [...bof(0x0005), ...boundSheet(0), ...eof];
  const cells: number[] = [];
  const one = [0, 0, 0, 0, 0, 0, 0xf0, 0x3f]; // 1.0
  for (let row = 0; row < rows; row++) cells.push(...record(0x0203, [...u16(row), ...u16(0), ...u16(0x0f), ...one]));
  const sheet = [
    ...bof(0x0010),
    ...record(0x0200, [...u32(0), ...u32(1), ...u16(0), ...u16(1), ...u16(0)]),
    ...cells,
    ...eof,
  ];
  const stream = [...bof(0x0005), ...boundSheet(globals.length), ...eof, ...sheet];
  const container = XLSX.CFB.utils.cfb_new() as unknown;
  XLSX.CFB.utils.cfb_add(container, 'Workbook', new Uint8Array(stream));
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
