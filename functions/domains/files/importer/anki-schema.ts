import type { Database } from 'sql.js';
import { AppError } from '../../../runtime/http/app-error.js';

/**
 * A collection's schema, checked before any query touches its tables: an `.apkg` is a SQLite file
 * anyone can write, and a `notes` that is really a VIEW (or a trigger, a virtual table, a generated
 * column) runs the uploader's SQL inside our read — a 600-byte deck kept the Lambda busy for
 * seconds, a recursive view for ever. Reading `sqlite_master` and `PRAGMA table_xinfo` runs none
 * of it, so a deck is read only when the tables we read are plain tables with the columns Anki
 * writes, and the schema holds no view, trigger or virtual table anywhere (Anki writes none).
 *
 * sql.js runs synchronously on the Lambda's thread; a worker thread that could be terminated would
 * need its own bundled entry in the split build (infra/bundling.ts). With no executable objects
 * left and every query bounded (LIMIT, the notes read by their rowid), the work is bounded by the
 * collection's size, itself capped by the zip guard (D284, D287).
 */

/** The columns each table we read must have. */
const REQUIRED: Record<string, readonly string[]> = {
  notes: ['id', 'mid', 'flds', 'tags'],
  col: ['models'],
  notetypes: ['id', 'config'],
  fields: ['ntid', 'ord', 'name'],
};
const MAX_SCHEMA_OBJECTS = 1_000;

const unsafe = () => new AppError(400, 'deck_unsafe_schema');

interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

function schemaObjects(db: Database): SchemaObject[] {
  const result = db.exec(`SELECT type, name, sql FROM sqlite_master LIMIT ${MAX_SCHEMA_OBJECTS + 1}`)[0];
  const rows = (result?.values ?? []).map(([type, name, sql]) => ({
    type: String(type),
    name: String(name),
    sql: typeof sql === 'string' ? sql : '',
  }));
  if (rows.length > MAX_SCHEMA_OBJECTS) throw unsafe();
  return rows;
}

/** `table`'s columns, when it is a plain table whose columns are all stored (no generated or hidden one). */
function plainColumns(db: Database, table: string): Map<string, { type: string; pk: number }> {
  const columns = new Map<string, { type: string; pk: number }>();
  // table_xinfo: cid, name, type, notnull, dflt_value, pk, hidden (1 hidden, 2 virtual generated, 3 stored generated).
  for (const [, name, type, , , pk, hidden] of db.exec(`PRAGMA table_xinfo("${table}")`)[0]?.values ?? []) {
    if (Number(hidden) !== 0) throw unsafe();
    columns.set(String(name).toLowerCase(), { type: String(type).toLowerCase(), pk: Number(pk) });
  }
  return columns;
}

/**
 * Refuses (400 deck_unsafe_schema) a collection whose schema holds a view, a trigger or a virtual
 * table, or whose tables we read are not plain tables with Anki's columns; answers which note type
 * layout it has (anki21b's `notetypes` and `fields` tables, or the older `col.models`).
 */
export function checkSchema(db: Database): 'notetypes' | 'col' {
  const objects = schemaObjects(db);
  for (const object of objects) {
    if (object.type === 'view' || object.type === 'trigger') throw unsafe();
    if (object.type === 'table' && /^\s*create\s+virtual\s+table/i.test(object.sql)) throw unsafe();
  }
  const byName = new Map(objects.filter((o) => o.type === 'table').map((o) => [o.name.toLowerCase(), o]));
  const layout = byName.has('notetypes') ? 'notetypes' : 'col';
  const read = layout === 'notetypes' ? ['notes', 'notetypes', 'fields'] : ['notes', 'col'];
  for (const table of read) {
    if (!byName.has(table)) throw new AppError(400, 'deck_corrupt');
    const columns = plainColumns(db, table);
    if (REQUIRED[table]!.some((column) => !columns.has(column))) throw unsafe();
  }
  // The notes are read in id order: id must be the rowid itself, so that order costs no sort.
  const notes = plainColumns(db, 'notes');
  const id = notes.get('id');
  if (id?.type !== 'integer' || id.pk !== 1 || [...notes.values()].some((c) => c.pk > 1)) throw unsafe();
  return layout;
}
