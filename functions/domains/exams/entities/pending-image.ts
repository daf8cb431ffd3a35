import { shardOf } from '../../../runtime/data/key-parts.js';
import type { StoredItem } from '../../../runtime/data/item.js';

/**
 * `EXAM#<examId>`/`UPLOAD#<imageId>`: an uploaded question image until the nightly sweep has seen
 * whether a question of its exam uses it (D179). Listed in the sparse gsi2 `IMAGEUPLOADS#0..3`, sorted
 * by expiry, so the sweep reads only the expired ones. Outside the exam read's `EXAM`…`Q#~` range.
 */
export const PENDING_IMAGE_SHARDS = 4;
const SK_PREFIX = 'UPLOAD#';
const PARTITION = 'IMAGEUPLOADS#';

export interface PendingImageRecord {
  exam_id: string;
  image_id: string;
  expires_at: string;
}

export const pendingImageEntity = {
  key: (examId: string, imageId: string) => ({ pk: `EXAM#${examId}`, sk: `${SK_PREFIX}${imageId}` }),
  shardPartition: (shard: number) => `${PARTITION}${shard}`,
  item: (record: PendingImageRecord): StoredItem => ({
    ...pendingImageEntity.key(record.exam_id, record.image_id),
    type: 'PENDING_IMAGE',
    gsi2pk: pendingImageEntity.shardPartition(shardOf(record.image_id, PENDING_IMAGE_SHARDS)),
    gsi2sk: `${record.expires_at}#${record.exam_id}#${record.image_id}`,
    ...record,
  }),
  parse: (item: StoredItem): PendingImageRecord => ({
    exam_id: String(item.exam_id),
    image_id: String(item.image_id),
    expires_at: String(item.expires_at),
  }),
};
