import * as studies from '../contracts/studies.js';
import type { RouteGroup } from '../route-group.js';

export const studiesGroup: RouteGroup = {
  name: 'studies',
  handler: 'functions/groups/studies.ts',
  // The task sheets (SheetJS) are studies-sheets.
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    studies.listStudies,
    studies.createStudy,
    studies.getStudy,
    studies.updateStudy,
    studies.deleteStudy,
    studies.listStudyTasks,
    studies.createStudyTask,
    studies.updateStudyTask,
    studies.deleteStudyTask,
  ],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
    'ConditionCheckItem',
  ],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
