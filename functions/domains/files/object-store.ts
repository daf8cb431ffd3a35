/**
 * The question-files bucket, as the rest of the code calls it. The S3 client is ~100 KB bundled
 * and ~15 ms of CPU to import (D73), and most routes of the groups that hold it never touch the
 * bucket (the profile and users groups only when an account goes), so the implementation is a
 * chunk of its own (esbuild code splitting, D106), read on the first call that needs it.
 */
import { onDemand } from '../../runtime/on-demand.js';

export type { StoredFileHeaders } from './s3-object-store.js';

const s3 = () => import('./s3-object-store.js');

export const presignUpload = onDemand(s3, 'presignUpload');
export const presignDownload = onDemand(s3, 'presignDownload');
export const objectSize = onDemand(s3, 'objectSize');
export const readObject = onDemand(s3, 'readObject');
export const putObject = onDemand(s3, 'putObject');
export const copyObject = onDemand(s3, 'copyObject');
export const deleteObject = onDemand(s3, 'deleteObject');
export const listObjectKeys = onDemand(s3, 'listObjectKeys');
