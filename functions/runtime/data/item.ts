import * as z from 'zod/mini';
import { lazy } from '#shared/contracts/lazy.js';

/**
 * What every entity module shares: the shape of a stored item, its primary key, and the parse
 * of a stored item into a typed record. Parsing is the only way a read item becomes a record
 * (no casts), and it drops the key and index attributes, which belong to the layer.
 */
export type StoredItem = Record<string, unknown>;
export type PrimaryKey = { pk: string; sk: string };

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type'] as const;

/** The item without its key, index and `type` attributes. */
export function withoutKeys(item: StoredItem): StoredItem {
  const rest: StoredItem = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete rest[attribute];
  return rest;
}

/**
 * Entity schemas are built on their first parse with the shared `lazy` (D99), not at module load:
 * a schema built at load is a side effect esbuild must keep, so every Lambda bundle would carry
 * every entity's schema (and the zod features it uses) whether it reads that item or not. Entity
 * modules mark their top-level `lazy`/`itemParser` calls `@__PURE__` so esbuild drops the unused
 * ones (it does not honour `@__NO_SIDE_EFFECTS__` on a function imported from another module,
 * esbuild 0.28).
 */
export { lazy };

/**
 * A parser of stored items: the schema's fields are checked and typed, every other stored
 * attribute is kept as it is (items outlive code versions, and a write-back must not drop what
 * a newer writer added), and key attributes are removed. The schema comes from a `lazy` factory
 * and is built on the first parse.
 */
export function itemParser<Shape extends z.core.$ZodShape>(schema: () => z.ZodMiniObject<Shape>) {
  const loose = lazy(() => z.catchall(schema(), z.unknown()));
  return (item: StoredItem): z.infer<z.ZodMiniObject<Shape>> => loose().parse(withoutKeys(item));
}

/** The primary key of a stored item (for deletes of what a Query found). */
export function primaryKeyOf(item: StoredItem): PrimaryKey {
  return { pk: String(item.pk), sk: String(item.sk) };
}

/** A field older items may lack (or hold null in): read as `fallback`. */
export const orDefault = <T extends z.ZodMiniType>(schema: T, fallback: z.output<T>) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value) => value ?? fallback),
  );

/** A flag stored loosely by older writers: any truthy value is on. */
export const flag = () =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => !!value),
  );
