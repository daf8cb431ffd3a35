import * as users from '../contracts/users.js';
import type { RouteGroup } from '../route-group.js';

export const usersGroup: RouteGroup = {
  name: 'users',
  handler: 'functions/groups/users.ts',
  // Admin create hashes a password (scrypt, 128 MiB).
  memoryMb: 1024,
  timeoutSeconds: 29,
  routes: [users.listUsers, users.createUser, users.updateUser, users.deleteUser, users.searchUsers],
  // Deleting a user deletes their private question files from the bucket.
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'write', filesBucket: 'write' },
};
