import * as tags from '../contracts/tags.js';
import type { RouteGroup } from '../route-group.js';

export const tagsGroup: RouteGroup = {
  name: 'tags',
  handler: 'functions/groups/tags.ts',
  memoryMb: 256,
  timeoutSeconds: 10,
  routes: [tags.listTags, tags.createTag, tags.listStudyTags],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
