// The exams domain's public face (exams and their questions, subscriptions, access, creation, the daily exam, answer evaluation); it may import only users, tags, files, learning (through their index.ts). docs/architecture.md §1.6.
export { bedrockModelClient, evaluateAnswer, type ModelClient } from './answer-evaluation.js';
export { importFromConnectedFile } from './connected-file.js';
export { claimDailyMail, finishDailyMail } from './daily-exam-store.js';
export { dailyExamFor, type DailyExamUser } from './daily-exam.js';
export {
  dailyPicksFrom,
  orderLearnerQueue,
  queueCandidates,
  QUEUE_DUE_READ,
  type LearnerQueueRead,
} from './learner-queue.js';
export { newCardPlaceEntity } from './entities/new-card-place.js';
export { forgetPlaces } from './new-card-store.js';
export { examQuestionEntity } from './entities/exam-question.js';
export { examTitleClaimEntity } from './entities/exam-title-claim.js';
export { examEntity, examListShards } from './entities/exam.js';
export { questionMemberMappingEntity, type QuestionMemberMappingRecord } from './entities/question-member-mapping.js';
export { studyLinkEntity, type StudyLinkRecord } from './entities/study-link.js';
export { subscriptionEntity } from './entities/subscription.js';
export { tagRefs } from './new-exam.js';
export { examQuestionsWithId, indexedQuestionCopy } from './question-copy-store.js';
export {
  findExam,
  getExamWithQuestions,
  getExamWithQuestionsAndLinks,
  removeExam,
  studyLinksOf,
  type ExamRecord,
  type StoredQuestion,
} from './exam-store.js';
export { examView, selectFields } from './exam-views.js';
export {
  bulkToggleSubscription,
  createExam,
  deleteExam,
  getExam,
  getExamQuestions,
  listExams,
  moveToMyExams,
  moveToSubscribed,
  retakeExam,
  subscribedExams,
  toggleOriginal,
  updateExam,
  wrongQuestionsExam,
} from './exams.js';
export {
  favoriteExamQuestions,
  ignoredQuestions,
  ignoreQuestion,
  toggleFavorite,
  unignoreQuestion,
} from './favorites.js';
export { bulkUpdateGroup, copyQuestions, deleteQuestions, moveQuestions } from './question-bulk.js';
export { addQuestion, deleteQuestion, updateQuestion } from './question-edit.js';
export { createSingleQuestionExam } from './single-question.js';
export { canReadExam, readableExam, studyRoleGrantsEdit } from './visibility.js';
export { provideStudiesOfExams, type StudiesOfExams } from './studies-of-exams.js';
export { examIdsByTitle, memberMappingsOf, saveMemberMappings } from './exam-store.js';
export { bumpContentVersion, questionsAtPositions } from './exam-question-store.js';
export {
  buryReview,
  dueSummary,
  gradeReview,
  listLeeches,
  reviewQueue,
  reviewSourcesOf,
  undoReview,
  type ReviewSources,
} from './review.js';
export { syncReviews } from './review-sync.js';
export {
  imagesOfCreator,
  readQuestionImage,
  removeExamImages,
  sweepPendingImages,
  uploadQuestionImage,
  type PendingImageSweep,
} from './question-images.js';
export { offlineReview } from './review-offline.js';
