/** The question-files bucket: browsers PUT to it with presigned URLs, so it needs CORS for the app origin. */
export const FILES_BUCKET = {
  envVar: 'FILES_BUCKET',
  cors: {
    allowedMethods: ['PUT', 'GET', 'HEAD'] as const,
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag'],
    maxAgeSeconds: 3000,
  },
  /** Abandoned presigned uploads are removed after a day. */
  pendingUploadPrefix: 'pending/',
};
