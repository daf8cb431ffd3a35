import type * as contracts from '#shared/contracts/images.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { Reply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { paginate } from '../../runtime/data/paginate.js';
import { fileEntity } from './entities/file.js';
import { getFile } from './file-store.js';
import { fileImageKey, fileImagePrefix, fileImageUrl } from './object-keys.js';
import { listObjectKeys, readObject } from './object-store.js';

/**
 * GET /api/file/{fileId}/images/{imageId}/ (D176): GetItem FILE (read rule) + one S3 GET. A private
 * file's images answer its owner and admins, 404 to anyone else, as the file does.
 */
export async function readFileImage(input: ServiceInput<typeof contracts.readFileImage>, ctx: RequestContext) {
  const { fileId, imageId } = input.params;
  const caller = ctx.caller?.user ?? null;
  const file = GENERATED_ID.test(fileId) ? await getFile(fileId) : null;
  const readable =
    !!file && (file.is_public !== false || (!!caller && (file.owner_id === caller.id || isSiteAdmin(caller))));
  const bytes = readable && GENERATED_ID.test(imageId) ? await readObject(fileImageKey(fileId, imageId)) : null;
  // The byte checks (image-size) load on the first image read, not at the Lambda's cold start (D106).
  const { IMAGE_CONTENT_TYPES, sniffImageType } = await import('../../runtime/images/image-bytes.js');
  const type = bytes ? sniffImageType(bytes) : null;
  if (!file || !bytes || !type) throw new AppError(404, 'image_not_found');
  return new Reply(200, bytes, {
    binary: true,
    headers: {
      'content-type': IMAGE_CONTENT_TYPES[type],
      'x-content-type-options': 'nosniff',
      // Keys never change content: a public file's image is cached for a year; a private one never.
      'cache-control': file.is_public === true ? 'public, max-age=31536000, immutable' : 'private, no-store',
    },
  });
}

/** The imported images of a user's files (`file_images` sheet of the data export, D176): one LIST per file. */
export async function fileImagesOfOwner(userId: string): Promise<{ file_id: string; image_id: string; url: string }[]> {
  const rows: { file_id: string; image_id: string; url: string }[] = [];
  for await (const item of paginate({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': fileEntity.ownerPartition(userId) },
    ProjectionExpression: 'id',
  })) {
    const fileId = String(item.id);
    for (const key of await listObjectKeys(fileImagePrefix(fileId))) {
      const imageId = key.slice(fileImagePrefix(fileId).length);
      rows.push({ file_id: fileId, image_id: imageId, url: fileImageUrl(fileId, imageId) });
    }
  }
  return rows;
}
