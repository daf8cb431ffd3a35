import * as contracts from '../../shared/contracts/results.js';
import { AppError } from '../lib/http/app-error.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';

// SCAFFOLD: replaced by the real services (issue 5).
const notBuilt = async (): Promise<never> => {
  throw new AppError(501, 'not_implemented');
};

export const handler = createGroupHandler('results', [
  bind(contracts.submitExam, notBuilt),
  bind(contracts.continueExam, notBuilt),
  bind(contracts.listExamResults, notBuilt),
  bind(contracts.examResultsSummary, notBuilt),
  bind(contracts.getExamResult, notBuilt),
  bind(contracts.deleteExamResult, notBuilt),
  bind(contracts.questionStatistics, notBuilt),
  bind(contracts.adjustQuestionAccuracy, notBuilt),
]);
