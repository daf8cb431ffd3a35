import * as contracts from '#shared/contracts/results.js';
import * as sittingContracts from '#shared/contracts/sittings.js';
import { bind, createGroupHandler } from './group-handler.js';
import * as results from '../domains/results/index.js';
import * as learningDataContracts from '#shared/contracts/learning-data.js';
import { resultsGroup } from '#shared/route-groups/results.js';
import * as studyProgressContracts from '#shared/contracts/study-progress.js';

export const handler = createGroupHandler(resultsGroup, [
  bind(contracts.submitExam, results.submitExam),
  bind(contracts.continueExam, results.continueExam),
  bind(contracts.listExamResults, results.listExamResults),
  bind(contracts.examResultsSummary, results.examResultsSummary),
  bind(contracts.getExamResult, results.getExamResult),
  bind(contracts.getExamResultDetails, results.getExamResultDetails),
  bind(contracts.deleteExamResult, results.deleteExamResult),
  bind(contracts.questionStatistics, results.questionStatistics),
  bind(contracts.adjustQuestionAccuracy, results.adjustQuestionAccuracy),
  bind(learningDataContracts.resetUserStatistics, results.resetUserStatistics),
  bind(learningDataContracts.manualRetentionCleanup, results.manualRetentionCleanup),
  bind(contracts.deleteQuestionResultsGlobal, results.deleteQuestionResultsGlobal),
  bind(contracts.deleteQuestionResults, results.deleteQuestionResults),
  bind(contracts.bulkAdjustUserAccuracy, results.bulkAdjustUserAccuracy),
  bind(sittingContracts.getSitting, results.getSitting),
  bind(sittingContracts.saveSitting, results.saveSitting),
  bind(sittingContracts.endSitting, results.endSitting),
  bind(sittingContracts.closeSitting, results.closeSitting),
  bind(studyProgressContracts.saveRandomPracticeResult, results.saveRandomPracticeResult),
]);
