import * as notesQuestions from '../contracts/notes-questions.js';
import * as questions from '../contracts/questions.js';
import type { RouteGroup } from '../route-group.js';

export const questionsGroup: RouteGroup = {
  name: 'questions',
  handler: 'functions/groups/questions.ts',
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    questions.updateQuestion,
    questions.addQuestion,
    questions.deleteQuestion,
    questions.toggleFavorite,
    questions.favoriteExamQuestions,
    questions.ignoreQuestion,
    questions.unignoreQuestion,
    questions.ignoredQuestions,
    questions.evaluateAnswer,
    questions.moveQuestions,
    questions.copyQuestions,
    questions.deleteQuestions,
    questions.bulkUpdateGroup,
    questions.createQuestionMemberMapping,
    questions.questionMemberMappings,
    notesQuestions.notesModelStatus,
    notesQuestions.notesModelQuestions,
  ],
  // bedrock: evaluate-answer's optional model (functions/domains/exams/answer-evaluation.ts) and the
  // notes screen's model tier (functions/domains/notes/, only with -c notesModel=true).
  // The bucket: deleting questions deletes the images no other question of the exam uses (D138).
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions', filesBucket: 'write', bedrock: true },
};
