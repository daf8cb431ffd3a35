import { S3Client } from '@aws-sdk/client-s3';
import { traced } from '../tracing.js';
import { perEndpoint } from './clients.js';

// s3rver serves buckets by path, not by virtual host.
const s3For = perEndpoint((endpoint) => traced(new S3Client({ endpoint, forcePathStyle: !!endpoint })));

/** Imported only by modules loaded on demand (domains/files/s3-object-store.ts), D106. */
export function s3Client(): S3Client {
  return s3For(process.env.AWS_ENDPOINT_URL_S3 || undefined);
}
