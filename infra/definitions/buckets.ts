/** The question-files bucket: browsers PUT to it with presigned URLs, so it needs CORS for the app origin. */
export const FILES_BUCKET = {
  envVar: 'FILES_BUCKET',
  cors: {
    allowedMethods: ['PUT', 'GET', 'HEAD'] as const,
    allowedHeaders: ['*'],
    // Content-Disposition: the app reads the file name of a redirected download.
    exposedHeaders: ['ETag', 'Content-Disposition'],
    maxAgeSeconds: 3000,
  },
  /** Abandoned presigned uploads are removed after a day. */
  pendingUploadPrefix: 'pending/',
};
