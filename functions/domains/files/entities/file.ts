import * as z from 'zod/mini';
import { languageSchema } from '#shared/domain/language.js';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { shardOf, userPk } from '../../../runtime/data/key-parts.js';

/** The file record `FILE#<id>`/`FILE`; its questions sit beside it as `Q#<order>` items (file-question.ts). */
const fileSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    name_key: z.string(),
    owner_id: z.string(),
    owner_username: z.string(),
    size: z.number(),
    /** Seconds since the epoch (docs/product.md#question-files). */
    modified: z.number(),
    max_questions: z.number(),
    is_public: z.boolean(),
    s3_key: z.string(),
    language: languageSchema(),
    created_at: z.string(),
    /** One letter per question order (E, M, H): difficulty filters without reading the questions. */
    difficulties: z.string(),
  }),
);
export type FileRecord = z.infer<ReturnType<typeof fileSchema>>;

/** What the file lists project (file-store.ts `queryFiles`). */
const fileListingSchema = /* @__PURE__ */ lazy(() =>
  z.pick(fileSchema(), {
    id: true,
    name: true,
    name_key: true,
    owner_id: true,
    owner_username: true,
    size: true,
    modified: true,
    max_questions: true,
    is_public: true,
    language: true,
  }),
);
export type FileListing = z.infer<ReturnType<typeof fileListingSchema>>;

/**
 * Shards of the public and private file lists (gsi2, D191): `PUBLICFILES#<0..3>` by a stable hash
 * of the file id, so a file keeps its shard when its visibility changes. Lists merge the shards by
 * `<name key>#<id>`; items written before carry the legacy unsharded key until the index-shards job
 * moves them (D190).
 */
export const FILE_LIST_SHARDS = 4;
const legacyVisibilityPartition = (isPublic: boolean) => (isPublic ? 'PUBLICFILES' : 'PRIVATEFILES');
const visibilityShard = (isPublic: boolean, shard: number) => `${legacyVisibilityPartition(isPublic)}#${shard}`;

export const fileEntity = {
  key: (fileId: string) => ({ pk: `FILE#${fileId}`, sk: 'FILE' }),
  /** gsi1: the owner's files by name. */
  ownerIndex: (ownerId: string, nameKey: string) => ({ gsi1pk: `${userPk(ownerId)}#FILES`, gsi1sk: nameKey }),
  ownerPartition: (ownerId: string) => `${userPk(ownerId)}#FILES`,
  /** gsi2: public or private files by name, in the file's shard. */
  visibilityIndex: (isPublic: boolean, nameKey: string, fileId: string) => ({
    gsi2pk: visibilityShard(isPublic, shardOf(fileId, FILE_LIST_SHARDS)),
    gsi2sk: `${nameKey}#${fileId}`,
  }),
  /** Every gsi2 shard of one visibility. */
  visibilityPartitions: (isPublic: boolean) =>
    Array.from({ length: FILE_LIST_SHARDS }, (_, shard) => visibilityShard(isPublic, shard)),
  /** The unsharded partition of files written before the shards (read until the migration is done). */
  legacyVisibilityPartition,
  /** The gsi2 sort-key prefix of one name. */
  namePrefix: (nameKey: string) => `${nameKey}#`,
  item(file: FileRecord): StoredItem {
    return {
      ...fileEntity.key(file.id),
      ...fileEntity.ownerIndex(file.owner_id, file.name_key),
      ...fileEntity.visibilityIndex(file.is_public, file.name_key, file.id),
      type: 'FILE',
      ...file,
    };
  },
  parse: /* @__PURE__ */ itemParser(fileSchema),
  parseListing: /* @__PURE__ */ itemParser(fileListingSchema),
};
