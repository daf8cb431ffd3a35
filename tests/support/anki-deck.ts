import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';

/**
 * Anki packages (.apkg) written here for the import tests: a SQLite collection made with sql.js in
 * the shape Anki stores it (only the tables and columns the importer reads), zipped with fflate.
 * `anki21b` packs the newer layout (notetypes/fields tables, zstd-compressed collection).
 */
export interface DeckNote {
  fields: string[];
  tags?: string;
  /** A cloze note (its note type is of kind cloze). */
  cloze?: boolean;
}

const BASIC = 1_700_000_000_001;
const CLOZE = 1_700_000_000_002;

export async function collectionBytes(notes: DeckNote[], layout: 'anki2' | 'anki21b' = 'anki2'): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    'CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null)',
  );
  if (layout === 'anki2') {
    db.run('CREATE TABLE col (id integer primary key, models text not null)');
    const models = {
      [BASIC]: { id: BASIC, name: 'Basic', type: 0, flds: [{ name: 'Front' }, { name: 'Back' }, { name: 'Source' }] },
      [CLOZE]: { id: CLOZE, name: 'Cloze', type: 1, flds: [{ name: 'Text' }, { name: 'Back Extra' }] },
    };
    db.run('INSERT INTO col VALUES (1, ?)', [JSON.stringify(models)]);
  } else {
    db.run(
      'CREATE TABLE notetypes (id integer primary key, name text not null, mtime_secs integer, usn integer, config blob not null)',
    );
    db.run(
      'CREATE TABLE fields (ntid integer not null, ord integer not null, name text not null, config blob, primary key (ntid, ord))',
    );
    db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [BASIC, 'Basic', new Uint8Array([0x1a, 0x00])]);
    db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [CLOZE, 'Cloze', new Uint8Array([0x08, 0x01])]);
    ['Front', 'Back', 'Source'].forEach((name, ord) =>
      db.run('INSERT INTO fields VALUES (?, ?, ?, NULL)', [BASIC, ord, name]),
    );
    ['Text', 'Back Extra'].forEach((name, ord) =>
      db.run('INSERT INTO fields VALUES (?, ?, ?, NULL)', [CLOZE, ord, name]),
    );
  }
  notes.forEach((note, i) =>
    db.run("INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, '', 0, 0, '')", [
      1_700_000_100_000 + i,
      `g${i}`,
      note.cloze ? CLOZE : BASIC,
      note.tags ?? '',
      note.fields.join('\x1f'),
    ]),
  );
  const bytes = db.export();
  db.close();
  return bytes;
}

/** A zstd frame of raw (stored) blocks: what Anki's zstd compression yields, without compressing. */
export function zstdStored(data: Uint8Array): Uint8Array {
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]; // magic; no checksum, window 64 KB
  const BLOCK = 64 * 1024;
  for (let at = 0; at < data.length || at === 0; at += BLOCK) {
    const chunk = data.subarray(at, at + BLOCK);
    const last = at + BLOCK >= data.length ? 1 : 0;
    const header = (chunk.length << 3) | last; // block type 0 (raw)
    parts.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, ...chunk);
    if (data.length === 0) break;
  }
  return new Uint8Array(parts);
}

/** A protobuf varint (values below 2^28 here). */
const varint = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...varint(n >>> 7)]);
const lengthDelimited = (field: number, bytes: Uint8Array | number[]) => [
  (field << 3) | 2,
  ...varint(bytes.length),
  ...bytes,
];

/** Anki 2.1.50+'s media map: `MediaEntries { repeated MediaEntry { string name = 1; uint32 size = 2; bytes sha1 = 3 } entries = 1 }`. */
export function mediaEntries(files: { name: string; size: number }[]): Uint8Array {
  return new Uint8Array(
    files.flatMap((file) =>
      lengthDelimited(1, [
        ...lengthDelimited(1, new TextEncoder().encode(file.name)),
        0x10,
        ...varint(file.size),
        ...lengthDelimited(3, new Uint8Array(20)),
      ]),
    ),
  );
}

/** The package's media: file name → bytes, numbered in order; JSON map (legacy) or zstd protobuf (anki21b, files zstd too). */
export type DeckFiles = Record<string, Uint8Array>;

function mediaEntriesOf(media: DeckFiles, layout: 'anki2' | 'anki21' | 'anki21b'): Record<string, Uint8Array> {
  const files = Object.entries(media);
  const entries: Record<string, Uint8Array> = {};
  files.forEach(([, bytes], i) => (entries[String(i)] = layout === 'anki21b' ? zstdStored(bytes) : bytes));
  entries.media =
    layout === 'anki21b'
      ? zstdStored(mediaEntries(files.map(([name, bytes]) => ({ name, size: bytes.length }))))
      : new TextEncoder().encode(JSON.stringify(Object.fromEntries(files.map(([name], i) => [String(i), name]))));
  return entries;
}

export async function apkgBytes(
  notes: DeckNote[],
  layout: 'anki2' | 'anki21' | 'anki21b' = 'anki2',
  media: DeckFiles = {},
): Promise<Buffer> {
  const collection = await collectionBytes(notes, layout === 'anki21b' ? 'anki21b' : 'anki2');
  const entries: Record<string, Uint8Array> = mediaEntriesOf(media, layout);
  if (layout === 'anki21b') {
    entries['collection.anki21b'] = zstdStored(collection);
    // Newer exports keep a stub for old Anki versions beside the real collection.
    entries['collection.anki2'] = await collectionBytes([{ fields: ['Please update to the latest Anki version', ''] }]);
  } else {
    entries[layout === 'anki21' ? 'collection.anki21' : 'collection.anki2'] = collection;
  }
  return Buffer.from(zipSync(entries));
}

/** A package whose collection entry is not a SQLite database. */
export function apkgWithCollection(data: Uint8Array, name = 'collection.anki2'): Buffer {
  return Buffer.from(zipSync({ [name]: data, media: new TextEncoder().encode('{}') }));
}
