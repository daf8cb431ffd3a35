import * as contracts from '../../shared/contracts/questions.js';
import { AppError } from '../lib/http/app-error.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';

// SCAFFOLD: replaced by the real services (issue 5).
const notBuilt = async (): Promise<never> => {
  throw new AppError(501, 'not_implemented');
};

export const handler = createGroupHandler('questions', [
  bind(contracts.updateQuestion, notBuilt),
  bind(contracts.addQuestion, notBuilt),
  bind(contracts.deleteQuestion, notBuilt),
  bind(contracts.toggleFavorite, notBuilt),
  bind(contracts.favoriteExamQuestions, notBuilt),
  bind(contracts.ignoreQuestion, notBuilt),
  bind(contracts.unignoreQuestion, notBuilt),
  bind(contracts.ignoredQuestions, notBuilt),
  bind(contracts.evaluateAnswer, notBuilt),
]);
