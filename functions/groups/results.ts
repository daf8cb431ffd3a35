import * as contracts from '#shared/contracts/results.js';
import { bind, createGroupHandler } from './group-handler.js';
import * as services from '../domains/results/index.js';
import * as questionResults from '../domains/results/index.js';
import * as learningDataContracts from '#shared/contracts/learning-data.js';
import { resultsGroup } from '#shared/route-groups/results.js';
import * as learningData from '../domains/results/index.js';

export const handler = createGroupHandler(resultsGroup, [
  bind(contracts.submitExam, services.submitExam),
  bind(contracts.continueExam, services.continueExam),
  bind(contracts.listExamResults, services.listExamResults),
  bind(contracts.examResultsSummary, services.examResultsSummary),
  bind(contracts.getExamResult, services.getExamResult),
  bind(contracts.deleteExamResult, services.deleteExamResult),
  bind(contracts.questionStatistics, services.questionStatistics),
  bind(contracts.adjustQuestionAccuracy, services.adjustQuestionAccuracy),
  bind(learningDataContracts.resetUserStatistics, learningData.resetUserStatistics),
  bind(learningDataContracts.manualRetentionCleanup, learningData.manualRetentionCleanup),
  bind(contracts.deleteQuestionResultsGlobal, questionResults.deleteQuestionResultsGlobal),
  bind(contracts.deleteQuestionResults, questionResults.deleteQuestionResults),
  bind(contracts.bulkAdjustUserAccuracy, questionResults.bulkAdjustUserAccuracy),
]);
