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

export async function apkgBytes(notes: DeckNote[], layout: 'anki2' | 'anki21' | 'anki21b' = 'anki2'): Promise<Buffer> {
  const collection = await collectionBytes(notes, layout === 'anki21b' ? 'anki21b' : 'anki2');
  const entries: Record<string, Uint8Array> = { media: new TextEncoder().encode('{}') };
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
