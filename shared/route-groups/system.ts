import * as system from '../contracts/system.js';
import type { RouteGroup } from '../route-group.js';

export const systemGroup: RouteGroup = {
  name: 'system',
  handler: 'functions/groups/system.ts',
  memoryMb: 256,
  timeoutSeconds: 10,
  routes: [system.getCsrfToken, system.testCsrf, system.getTranslations],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'UpdateItem'],
  access: { ephemeralTable: 'sessions', appTable: 'read' },
};
