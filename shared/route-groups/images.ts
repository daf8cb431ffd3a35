import * as images from '../contracts/images.js';
import type { RouteGroup } from '../route-group.js';

/**
 * Question images: their own Lambda, so busboy and the image checks stay out of the
 * exams Lambda, and only this one (with files) writes the bucket's `images/` prefix.
 */
export const imagesGroup: RouteGroup = {
  name: 'images',
  handler: 'functions/groups/images.ts',
  // Images of up to 2 MB pass through memory once or twice.
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [images.uploadQuestionImage, images.readQuestionImage, images.readFileImage],
  // App `write`: the upload records the marker the nightly sweep reads (D179).
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions', filesBucket: 'write' },
};
