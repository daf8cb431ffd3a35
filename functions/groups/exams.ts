import * as dailyQuiz from '#shared/contracts/daily-quiz.js';
import * as exams from '#shared/contracts/exams.js';
import * as examSheets from '#shared/contracts/exam-sheets.js';
import { examsGroup } from '#shared/route-groups/exams.js';
import { bind, createGroupHandler } from './group-handler.js';
import * as services from '../domains/exams/index.js';
import { connectedStudies } from '../domains/studies/index.js';
import { importFromConnectedFile, createRandomRecommendationExam, getDailyExam, createSingleQuestionExam } from '../domains/exams/index.js';

export const handler = createGroupHandler(examsGroup, [
  bind(exams.createExam, services.createExam),
  bind(exams.getExam, services.getExam),
  bind(exams.getExamQuestions, services.getExamQuestions),
  bind(exams.listExams, services.listExams),
  bind(exams.deleteExam, services.deleteExam),
  bind(exams.deleteExamLegacy, services.deleteExam),
  bind(exams.retakeExam, services.retakeExam),
  bind(exams.wrongQuestionsExam, services.wrongQuestionsExam),
  bind(exams.toggleOriginal, services.toggleOriginal),
  bind(exams.updateExam, services.updateExam),
  bind(exams.bulkToggleSubscription, services.bulkToggleSubscription),
  bind(exams.subscribedExams, services.subscribedExams),
  bind(exams.moveToSubscribed, services.moveToSubscribed),
  bind(exams.moveToMyExams, services.moveToMyExams),
  bind(exams.createSingleQuestionExam, createSingleQuestionExam),
  bind(exams.connectedStudies, connectedStudies),
  bind(examSheets.importFromConnectedFile, importFromConnectedFile),
  bind(dailyQuiz.getDailyExam, getDailyExam),
  bind(dailyQuiz.createRandomRecommendationExam, createRandomRecommendationExam),
]);
