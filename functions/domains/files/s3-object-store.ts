import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../../runtime/aws/s3-client.js';
import { config } from '../../runtime/config.js';
import { contentDisposition } from '../../runtime/http/file-reply.js';

/**
 * The question-files bucket (docs/architecture.md §4): the only code that calls S3. Keys come
 * from object-keys.ts (ids only); a stored file carries its name as Content-Disposition.
 * Imported only through `object-store.ts`, which loads it on first use (D106).
 */
const bucket = () => config.filesBucket;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * A presigned PUT. With the size declared, S3 accepts only a body of exactly that length
 * (Content-Length is signed), so a presigned URL cannot park more than the cap in the bucket.
 */
export function presignUpload(key: string, size: number | undefined, expiresIn: number): Promise<string> {
  return getSignedUrl(s3Client(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentLength: size }), {
    expiresIn,
    ...(size ? { signableHeaders: new Set(['content-length']) } : {}),
  });
}

/** A presigned GET answering with this content type and disposition. */
export function presignDownload(
  key: string,
  headers: { contentType: string; disposition: string },
  expiresIn: number,
): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: headers.disposition,
    }),
    {
      expiresIn,
    },
  );
}

/** The object's size, or null when there is no such object. */
export async function objectSize(key: string): Promise<number | null> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The object's bytes, or null when there is no such object. */
export async function readObject(key: string): Promise<Uint8Array | null> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return await object.Body!.transformToByteArray();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** What a stored question file says about itself: its type, and its name as the download name. */
export interface StoredFileHeaders {
  contentType: string;
  fileName: string;
}

// Content-Disposition rather than user metadata (`x-amz-meta-*`): S3 caps user metadata at 2 KB,
// which 200 percent-encoded astral characters exceed, and a plain GET of the object then names it.
const headersOf = (file: StoredFileHeaders) => ({
  ContentType: file.contentType,
  ContentDisposition: contentDisposition(file.fileName),
});

export async function putObject(key: string, bytes: Uint8Array, file: StoredFileHeaders): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: bytes, ...headersOf(file) }));
}

/**
 * Server-side copy (a staged upload becomes the file's object without passing through Lambda twice).
 * Without `file` the object keeps its own headers (a question image copied into another exam, D180).
 */
export async function copyObject(fromKey: string, toKey: string, file?: StoredFileHeaders): Promise<void> {
  await s3Client().send(
    new CopyObjectCommand({
      Bucket: bucket(),
      Key: toKey,
      CopySource: `${bucket()}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
      ...(file
        ? { ...headersOf(file), MetadataDirective: 'REPLACE' as const }
        : { MetadataDirective: 'COPY' as const }),
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Every key under a prefix (an exam's images), page by page. */
export async function listObjectKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}
