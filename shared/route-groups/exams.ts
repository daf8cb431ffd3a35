import * as dailyQuiz from '../contracts/daily-quiz.js';
import * as examSheets from '../contracts/exam-sheets.js';
import * as examCreation from '../contracts/exam-creation.js';
import * as exams from '../contracts/exams.js';
import * as examSubscriptions from '../contracts/exam-subscriptions.js';
import * as reviewActivity from '../contracts/review-activity.js';
import * as review from '../contracts/review.js';
import * as reviewSync from '../contracts/review-sync.js';
import * as reviewOffline from '../contracts/review-offline.js';
import * as workload from '../contracts/workload.js';
import type { RouteGroup } from '../route-group.js';

export const examsGroup: RouteGroup = {
  name: 'exams',
  handler: 'functions/groups/exams.ts',
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    examCreation.createExam,
    exams.getExam,
    exams.getExamQuestions,
    exams.listExams,
    exams.deleteExam,
    exams.deleteExamLegacy,
    examCreation.retakeExam,
    examCreation.wrongQuestionsExam,
    exams.toggleOriginal,
    exams.updateExam,
    examSubscriptions.bulkToggleSubscription,
    examSubscriptions.subscribedExams,
    examSubscriptions.moveToSubscribed,
    examSubscriptions.moveToMyExams,
    examCreation.createSingleQuestionExam,
    exams.connectedStudies,
    examSheets.importFromConnectedFile,
    dailyQuiz.openDailyExam,
    dailyQuiz.createRandomRecommendationExam,
    dailyQuiz.getDueToday,
    reviewActivity.getReviewActivity,
    review.getReviewQueue,
    review.gradeReview,
    review.undoReview,
    review.buryReview,
    review.listLeeches,
    reviewSync.syncReviews,
    reviewOffline.getOfflineReview,
    workload.postponeReviews,
    workload.advanceReviews,
    workload.getWorkloadForecast,
  ],
  // The bucket: deleting an exam deletes its question images (`images/<examId>/`, D138).
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions', filesBucket: 'write' },
};
