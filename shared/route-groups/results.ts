import * as learningData from '../contracts/learning-data.js';
import * as results from '../contracts/results.js';
import * as sittings from '../contracts/sittings.js';
import * as studyProgress from '../contracts/study-progress.js';
import type { RouteGroup } from '../route-group.js';
import { TABLE_ACTIONS } from '../table-actions.js';

export const resultsGroup: RouteGroup = {
  name: 'results',
  handler: 'functions/groups/results.ts',
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    results.submitExam,
    results.continueExam,
    results.listExamResults,
    results.examResultsSummary,
    results.getExamResult,
    results.getExamResultDetails,
    results.deleteExamResult,
    results.questionStatistics,
    results.adjustQuestionAccuracy,
    learningData.resetUserStatistics,
    learningData.manualRetentionCleanup,
    results.deleteQuestionResultsGlobal,
    results.deleteQuestionResults,
    results.bulkAdjustUserAccuracy,
    sittings.getSitting,
    sittings.saveSitting,
    sittings.endSitting,
    sittings.closeSitting,
    // Practice answers are submits (D299): here, beside submit, with its idempotency table.
    studyProgress.saveRandomPracticeResult,
  ],
  // Submit idempotency keys and sittings in progress live in the ephemeral table (TTL).
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  // Every action (the list is still compared with the bundle's calls).
  dynamo: [...TABLE_ACTIONS],
  access: { appTable: 'write', ephemeralTable: 'write' },
};
