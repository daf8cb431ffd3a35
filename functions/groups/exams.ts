import * as dailyQuiz from '#shared/contracts/daily-quiz.js';
import * as examCreation from '#shared/contracts/exam-creation.js';
import * as examContracts from '#shared/contracts/exams.js';
import * as examSubscriptions from '#shared/contracts/exam-subscriptions.js';
import * as examSheets from '#shared/contracts/exam-sheets.js';
import * as review from '#shared/contracts/review.js';
import * as reviewSync from '#shared/contracts/review-sync.js';
import * as reviewOffline from '#shared/contracts/review-offline.js';
import * as workload from '#shared/contracts/workload.js';
import { examsGroup } from '#shared/route-groups/exams.js';
import { bind, createGroupHandler } from './group-handler.js';
import * as exams from '../domains/exams/index.js';
import {
  connectedStudies,
  createRandomRecommendationExam,
  openDailyExam,
  getDueToday,
  getOfflineReview,
  getReviewQueue,
} from '../domains/studies/index.js';
import { advanceReviews, getReviewActivity, getWorkloadForecast, postponeReviews } from '../domains/learning/index.js';
import * as reviewActivity from '#shared/contracts/review-activity.js';

export const handler = createGroupHandler(examsGroup, [
  bind(examCreation.createExam, exams.createExam),
  bind(examContracts.getExam, exams.getExam),
  bind(examContracts.getExamQuestions, exams.getExamQuestions),
  bind(examContracts.listExams, exams.listExams),
  bind(examContracts.deleteExam, exams.deleteExam),
  bind(examContracts.deleteExamLegacy, exams.deleteExam),
  bind(examCreation.retakeExam, exams.retakeExam),
  bind(examCreation.wrongQuestionsExam, exams.wrongQuestionsExam),
  bind(examContracts.toggleOriginal, exams.toggleOriginal),
  bind(examContracts.updateExam, exams.updateExam),
  bind(examSubscriptions.bulkToggleSubscription, exams.bulkToggleSubscription),
  bind(examSubscriptions.subscribedExams, exams.subscribedExams),
  bind(examSubscriptions.moveToSubscribed, exams.moveToSubscribed),
  bind(examSubscriptions.moveToMyExams, exams.moveToMyExams),
  bind(examCreation.createSingleQuestionExam, exams.createSingleQuestionExam),
  bind(examContracts.connectedStudies, connectedStudies),
  bind(examSheets.importFromConnectedFile, exams.importFromConnectedFile),
  bind(dailyQuiz.openDailyExam, openDailyExam),
  bind(dailyQuiz.createRandomRecommendationExam, createRandomRecommendationExam),
  bind(dailyQuiz.getDueToday, getDueToday),
  bind(reviewActivity.getReviewActivity, getReviewActivity),
  bind(review.getReviewQueue, getReviewQueue),
  bind(review.gradeReview, exams.gradeReview),
  bind(review.undoReview, exams.undoReview),
  bind(review.buryReview, exams.buryReview),
  bind(review.listLeeches, exams.listLeeches),
  bind(reviewSync.syncReviews, exams.syncReviews),
  bind(reviewOffline.getOfflineReview, getOfflineReview),
  bind(workload.postponeReviews, postponeReviews),
  bind(workload.advanceReviews, advanceReviews),
  bind(workload.getWorkloadForecast, getWorkloadForecast),
]);
