import * as studies from '../contracts/studies.js';
import type { RouteGroup } from '../route-group.js';
import { TABLE_ACTIONS } from '../table-actions.js';

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
  // Every action (the list is still compared with the bundle's calls).
  dynamo: [...TABLE_ACTIONS],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
