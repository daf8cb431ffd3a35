import * as users from '../contracts/users.js';
import { startUsersSheetExport } from '../contracts/exports.js';
import type { RouteGroup } from '../route-group.js';

/** The admin users sheet (SheetJS): its own Lambda, so the everyday `users` routes load none of it (D73). */
export const usersSheetsGroup: RouteGroup = {
  name: 'users-sheets',
  handler: 'functions/groups/users-sheets.ts',
  // The sheet upload inflates up to 50 MB of xlsx.
  memoryMb: 1024,
  timeoutSeconds: 29,
  // Builds exports in an asynchronous invocation of itself (D195).
  background: { timeoutSeconds: 900 },
  routes: [users.downloadUsersSheet, users.uploadUsersSheet, startUsersSheetExport],
  // The same grants as `users`: the upload creates and updates accounts as the admin routes do.
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
  access: { appTable: 'write', ephemeralTable: 'write', filesBucket: 'write' },
};
