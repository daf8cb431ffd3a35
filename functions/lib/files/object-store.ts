/**
 * The question-files bucket, as the rest of the code calls it. The S3 client is ~100 KB bundled
 * and ~15 ms of CPU to import (D73), and most routes of the groups that hold it never touch the
 * bucket (the profile and users groups only when an account goes), so the implementation is a
 * chunk of its own (esbuild code splitting, D106), read on the first call that needs it.
 */
import type * as S3ObjectStore from './s3-object-store.js';

export type { StoredFileHeaders } from './s3-object-store.js';

const s3 = () => import('./s3-object-store.js');

export const presignUpload: typeof S3ObjectStore.presignUpload = async (...args) => (await s3()).presignUpload(...args);
export const presignDownload: typeof S3ObjectStore.presignDownload = async (...args) => (await s3()).presignDownload(...args);
export const objectSize: typeof S3ObjectStore.objectSize = async (...args) => (await s3()).objectSize(...args);
export const readObject: typeof S3ObjectStore.readObject = async (...args) => (await s3()).readObject(...args);
export const putObject: typeof S3ObjectStore.putObject = async (...args) => (await s3()).putObject(...args);
export const copyObject: typeof S3ObjectStore.copyObject = async (...args) => (await s3()).copyObject(...args);
export const deleteObject: typeof S3ObjectStore.deleteObject = async (...args) => (await s3()).deleteObject(...args);
