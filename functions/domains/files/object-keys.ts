/**
 * The question-files bucket's keys (docs/architecture.md §4), built from server-generated ids only:
 * user text never reaches a key, so no file name can exceed a file system's name limit (s3rver
 * stores keys as paths) or S3's 1,024-byte key limit. The name travels as object metadata and
 * Content-Disposition instead.
 *
 * Objects stored before this rule (`files/<ownerId>/<fileId>/<name>`) keep working: every read,
 * copy and delete uses the `s3_key` the file record holds, never a key rebuilt from the record.
 */

/** A browser's presigned PUT, not yet validated. */
export const pendingObjectKey = (ownerId: string, uploadId: string) => `pending/${ownerId}/${uploadId}`;

/** An imported question file. */
export const fileObjectKey = (ownerId: string, fileId: string) => `files/${ownerId}/${fileId}`;

/** An image that came with an import, owned by its question file (D176). */
export const fileImagePrefix = (fileId: string) => `file-images/${fileId}/`;
export const fileImageKey = (fileId: string, imageId: string) => `${fileImagePrefix(fileId)}${imageId}`;
export const fileImageUrl = (fileId: string, imageId: string) => `/api/file/${fileId}/images/${imageId}/`;
