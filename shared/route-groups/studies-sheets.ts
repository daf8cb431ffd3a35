import * as studies from '../contracts/studies.js';
import type { RouteGroup } from '../route-group.js';

/** The study task sheets (SheetJS): their own Lambda, so the everyday `studies` routes load none of it (D73). */
export const studiesSheetsGroup: RouteGroup = {
  name: 'studies-sheets',
  handler: 'functions/groups/studies-sheets.ts',
  // Parses and writes xlsx in memory (uploads up to 2 MB, 20 MB uncompressed).
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [studies.downloadStudyTasksSheet, studies.uploadStudyTasksSheet],
  // The upload writes tasks; the download reads.
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
