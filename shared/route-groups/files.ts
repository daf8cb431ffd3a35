import * as files from '../contracts/files.js';
import type { RouteGroup } from '../route-group.js';

export const filesGroup: RouteGroup = {
  name: 'files',
  handler: 'functions/groups/files.ts',
  // No spreadsheet parsing here (that is files-sheets); downloads of up to 4 MB pass through memory.
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    files.createUploadUrl,
    files.listQuestionFiles,
    files.checkExistingFile,
    files.updateQuestionFile,
    files.deleteQuestionFile,
    files.downloadQuestionFile,
    files.questionPoolCount,
  ],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions', filesBucket: 'write' },
};
