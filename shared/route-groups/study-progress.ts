import * as studyProgress from '../contracts/study-progress.js';
import type { RouteGroup } from '../route-group.js';

export const studyProgressGroup: RouteGroup = {
  name: 'study-progress',
  handler: 'functions/groups/study-progress.ts',
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    studyProgress.recordStudyProgress,
    studyProgress.studyProgressHistory,
    studyProgress.studyTimeStatistics,
    studyProgress.drawRandomPracticeQuestions,
    studyProgress.studyMembersProgress,
  ],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
