import * as links from '../contracts/links.js';
import type { RouteGroup } from '../route-group.js';

export const linksGroup: RouteGroup = {
  name: 'links',
  handler: 'functions/groups/links.ts',
  memoryMb: 256,
  timeoutSeconds: 10,
  routes: [links.createShortUrl, links.followShortLink],
  // Short links live in the ephemeral table (TTL); the app table is read for exam visibility.
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'],
  access: { appTable: 'read', ephemeralTable: 'write' },
};
