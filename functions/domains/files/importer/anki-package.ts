import { unzipSync } from 'fflate';
import { Decompress as ZstdDecompress } from 'fzstd';
import { compile } from 'html-to-text';
import type { Database } from 'sql.js';
import { hasCloze } from '#shared/domain/cloze.js';
import { QUESTION_SHEET_LIMITS } from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';
import { inspectZip, isZip } from '../../../runtime/spreadsheets/zip-guard.js';
import type { ParsedSheet } from './parsed-sheet.js';
import { checkSchema } from './anki-schema.js';
import { HTML_TEXT_LIMITS } from './anki-text.js';
import { isZstd, readMediaMap, zstdFrames, type MediaMap, type MediaSizes } from './anki-media.js';
import { DECK_MEDIA_REF, IMPORT_IMAGE_LIMITS, type DeckMedia } from './import-images.js';

/**
 * Anki's `.apkg`: a zip holding the collection as SQLite — `collection.anki21b` (zstd-compressed,
 * Anki 2.1.50+ "support older versions" off), `collection.anki21` or `collection.anki2` — read with
 * sql.js (SQLite compiled to WebAssembly), in this Lambda only. Each standard note becomes a row:
 * its first field the question, its second the answer, its other fields kept (`Name: value` in the
 * explanation), its tags kept. A cloze note (Text, Back Extra) becomes one card per gap number
 * (D366); one without a gap is counted, not imported.
 * Fields are HTML: they become plain text (html-to-text); an `<img>` whose file the package holds
 * becomes a Markdown image to store (D174, import-images.ts); sounds and images the package lacks are
 * listed in the report.
 */

/** What the deck held besides the rows: notes not imported as cards, and media left behind. */
export interface DeckReport {
  notes: number;
  cloze_skipped: number;
  media_skipped: string[];
}

const COLLECTIONS = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;
const MEDIA_LIST_LIMIT = 50;
const ROWS_TO_READ = QUESTION_SHEET_LIMITS.maxRows + 1;
/** The media map: some 60 bytes a file, for at most the zip guard's 10,000 entries. */
const MAX_MEDIA_MAP_BYTES = 4 * 1024 * 1024;

/** Rows read from the note type tables: far more than any collection has. */
const MAX_SCHEMA_ROWS = 100_000;

const notZip = () => new AppError(400, 'deck_not_zip');
const corrupt = () => new AppError(400, 'deck_corrupt');
const tooBig = () => new AppError(413, 'sheet_uncompressed_too_large', { limit: '100 MB' });

/** The zip guard of xlsx (declared sizes capped, each entry inflated no further than it declares), then the collection's bytes and the media map. */
function collectionBytes(bytes: Uint8Array): {
  name: (typeof COLLECTIONS)[number];
  data: Uint8Array;
  media: MediaMap;
  sizes: MediaSizes;
} {
  if (!isZip(bytes)) throw notZip();
  let verdict: ReturnType<typeof inspectZip>;
  try {
    verdict = inspectZip(bytes, QUESTION_SHEET_LIMITS.maxUncompressedBytes);
  } catch {
    throw notZip();
  }
  if (!verdict.ok) {
    if (verdict.reason === 'too_large' || verdict.reason === 'too_many_entries') throw tooBig();
    throw notZip();
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => file.name === 'media' || (COLLECTIONS as readonly string[]).includes(file.name),
    });
  } catch {
    throw notZip();
  }
  for (const name of COLLECTIONS) {
    const data = entries[name];
    if (!data) continue;
    const sizes: MediaSizes = new Map();
    const media = readMediaMap(entries.media, (map) => unzstd(map, MAX_MEDIA_MAP_BYTES), sizes);
    return { name, data: name === 'collection.anki21b' ? unzstd(data) : data, media, sizes };
  }
  throw new AppError(400, 'deck_no_collection');
}

/** What stopped a capped inflation: the entry would inflate past `cap`. */
class PastCap extends Error {}

/**
 * zstd with its frames' windows checked first (zstdFrames), then streamed so a small frame that
 * claims or inflates to more than `cap` stops at the cap (PastCap); a broken stream is deck_corrupt.
 */
function unzstdCapped(data: Uint8Array, cap: number): Uint8Array {
  const frames = zstdFrames(data);
  if (!frames) throw corrupt();
  if (frames.declared !== null && frames.declared > cap) throw new PastCap();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new ZstdDecompress((chunk) => {
    total += chunk.length;
    if (total > cap) throw new PastCap();
    chunks.push(chunk);
  });
  try {
    stream.push(data, true);
  } catch (error) {
    if (error instanceof PastCap) throw error;
    throw corrupt();
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The collection, and the media map: capped at the whole package's uncompressed limit (413 past it). */
function unzstd(data: Uint8Array, cap: number = QUESTION_SHEET_LIMITS.maxUncompressedBytes): Uint8Array {
  try {
    return unzstdCapped(data, cap);
  } catch (error) {
    if (error instanceof PastCap) throw tooBig();
    throw error;
  }
}

let sqlModule: ReturnType<typeof loadSql> | null = null;
/** sql.js on first use: the WebAssembly compiles once per container. */
async function loadSql() {
  const { default: initSqlJs } = await import('sql.js/dist/sql-wasm-inline.js');
  return initSqlJs();
}

interface NoteType {
  cloze: boolean;
  fields: string[];
}

/** The note types: `col.models` (JSON) in anki2/anki21, the `notetypes` and `fields` tables in anki21b. */
function noteTypes(db: Database, layout: 'notetypes' | 'col'): Map<string, NoteType> {
  const types = new Map<string, NoteType>();
  if (layout === 'notetypes') {
    const fields = new Map<string, string[]>();
    const fieldRows = db.exec(`SELECT ntid, name FROM fields ORDER BY ntid, ord LIMIT ${MAX_SCHEMA_ROWS}`);
    for (const [ntid, name] of fieldRows[0]?.values ?? [])
      fields.set(String(ntid), [...(fields.get(String(ntid)) ?? []), String(name)]);
    for (const [id, config] of db.exec(`SELECT id, config FROM notetypes LIMIT ${MAX_SCHEMA_ROWS}`)[0]?.values ?? []) {
      // NotetypeConfig (protobuf): field 1 is the kind, varint 1 = cloze.
      const bytes = config instanceof Uint8Array ? config : new Uint8Array();
      types.set(String(id), { cloze: bytes[0] === 0x08 && bytes[1] === 0x01, fields: fields.get(String(id)) ?? [] });
    }
    return types;
  }
  const models = db.exec('SELECT models FROM col LIMIT 1')[0]?.values[0]?.[0];
  const parsed = typeof models === 'string' ? (JSON.parse(models) as Record<string, unknown>) : {};
  for (const [id, model] of Object.entries(parsed)) {
    const m = model as { type?: number; flds?: { name?: string }[] };
    types.set(id, { cloze: m.type === 1, fields: (m.flds ?? []).map((f) => String(f.name ?? '')) });
  }
  return types;
}

/**
 * A field's HTML as plain text: line breaks kept, links as their text, sounds collected; an image the
 * package holds becomes `![alt](anki-media:<name>)` for the importer to store, one it lacks is collected.
 */
function fieldConverter(media: Set<string>, held: MediaMap, wanted: Set<string>) {
  const convert = compile({
    wordwrap: false,
    limits: HTML_TEXT_LIMITS,
    selectors: [
      { selector: 'img', format: 'mediaName' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
    formatters: {
      mediaName: (elem, _walk, builder) => {
        const attribs = (elem as { attribs?: Record<string, string> }).attribs ?? {};
        const src = attribs.src;
        if (!src) return;
        if (!held.has(src) || wanted.size >= IMPORT_IMAGE_LIMITS.maxImages) {
          media.add(src);
          return;
        }
        wanted.add(src);
        const alt = (attribs.alt || src.replace(/\.[^.]*$/, '')).replace(/[[\]\n\\]/g, ' ').trim();
        builder.addInline(`![${alt}](${DECK_MEDIA_REF}${encodeURIComponent(src)})`, { noWordTransform: true });
      },
    },
  });
  return (html: string) =>
    convert(
      html.replace(/\[sound:([^\]]+)\]/g, (_, name: string) => {
        media.add(name);
        return '';
      }),
    ).trim();
}

/** The notes of an `.apkg` as sheet rows (Front, Back, Extra, Tags) and what was left out. */
export async function parseAnkiPackage(
  bytes: Uint8Array,
): Promise<ParsedSheet & { deck: DeckReport; media: DeckMedia }> {
  const { data, media: held, sizes } = collectionBytes(bytes);
  // SQLite's own header: anything else is not a collection.
  if (new TextDecoder().decode(data.subarray(0, 15)) !== 'SQLite format 3') throw corrupt();
  sqlModule ??= loadSql();
  const SQL = await sqlModule;
  let db: Database | null = null;
  const media = new Set<string>();
  const wanted = new Set<string>();
  const text = fieldConverter(media, held, wanted);
  const rows: string[][] = [];
  const lines: number[] = [];
  let notes = 0;
  let cloze = 0;
  try {
    db = new SQL.Database(data);
    const types = noteTypes(db, checkSchema(db));
    const statement = db.prepare(`SELECT mid, flds, tags FROM notes ORDER BY id LIMIT ${ROWS_TO_READ + 1}`);
    while (statement.step()) {
      const [mid, flds, tags] = statement.get();
      notes++;
      if (notes > ROWS_TO_READ) break;
      const type = types.get(String(mid));
      const fields = String(flds ?? '').split('\x1f');
      const front = text(fields[0] ?? '');
      // A cloze note's Text holds its gaps and its Back Extra is read as the cards' explanation (D368).
      if (type?.cloze && !hasCloze(front)) {
        cloze++;
        continue;
      }
      const extra = fields
        .slice(2)
        .map((value, i) => ({ name: type?.fields[i + 2] ?? `#${i + 3}`, value: text(value) }))
        .filter((f) => f.value !== '')
        .map((f) => `${f.name}: ${f.value}`)
        .join('\n');
      rows.push([front, text(fields[1] ?? ''), extra, String(tags ?? '').trim()]);
      lines.push(notes);
    }
    statement.free();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt();
  } finally {
    db?.close();
  }
  if (notes > ROWS_TO_READ) throw new AppError(400, 'sheet_too_many_rows', { limit: QUESTION_SHEET_LIMITS.maxRows });
  return {
    header: ['Front', 'Back', 'Extra', 'Tags'],
    headerLine: 0,
    declaredHeader: true,
    rows,
    lines,
    format: {
      kind: 'package',
      extension: 'apkg',
      encoding: null,
      bom: false,
      delimiter: null,
      record_delimiter: null,
      source: 'apkg',
      html: true,
    },
    repairs: [],
    deck: { notes, cloze_skipped: cloze, media_skipped: [...media].slice(0, MEDIA_LIST_LIMIT) },
    media: mediaFiles(bytes, held, wanted, sizes),
  };
}

/**
 * The bytes of the images the notes point at, from their numbered zip entries (zstd in newer
 * packages): an entry declaring more than the image limit is not inflated, and each is inflated no
 * further than that limit (or than the size its MediaEntry declares). One inflating past what it
 * declared is forged: the deck is refused (400 deck_media_corrupt), as it would otherwise cost us
 * the whole inflation; one that declared nothing and passes the limit is an image too large.
 */
function mediaFiles(bytes: Uint8Array, held: MediaMap, wanted: Set<string>, sizes: MediaSizes): DeckMedia {
  const files: DeckMedia = new Map();
  if (wanted.size === 0) return files;
  const limit = IMPORT_IMAGE_LIMITS.maxEntryBytes;
  const byZipName = new Map([...wanted].map((name) => [held.get(name)!, name]));
  const tooLarge = new Set<string>();
  let entries: Record<string, Uint8Array> = {};
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (!byZipName.has(file.name)) return false;
        // The zip guard already made every deflate entry inflate to no more than it declares.
        if (file.originalSize > limit || (sizes.get(file.name) ?? 0) > limit) tooLarge.add(file.name);
        return !tooLarge.has(file.name);
      },
    });
  } catch {
    // The collection came out of this zip already: a broken media entry leaves its images missing.
  }
  for (const [zipName, name] of byZipName) {
    const raw = entries[zipName];
    if (tooLarge.has(zipName)) files.set(name, 'image_too_large');
    else if (!raw) files.set(name, 'image_missing');
    else if (!isZstd(raw)) files.set(name, raw);
    else files.set(name, mediaEntry(raw, name, sizes.get(zipName)));
  }
  return files;
}

/** One zstd media entry, inflated no further than its declared size or the image limit. */
function mediaEntry(
  raw: Uint8Array,
  name: string,
  declared: number | undefined,
): Uint8Array | 'image_too_large' | 'image_truncated' {
  try {
    return unzstdCapped(raw, declared ?? IMPORT_IMAGE_LIMITS.maxEntryBytes);
  } catch (error) {
    if (!(error instanceof PastCap)) return 'image_truncated';
    if (declared === undefined) return 'image_too_large';
    throw new AppError(400, 'deck_media_corrupt', { name, declared });
  }
}
