// The learning domain's public face (what a user knows: question statistics (FSRS), exam summaries, favorites and ignored questions, the daily selection); it may import only users, tags, files (through their index.ts). docs/architecture.md §1.6.
export {
  DEFAULT_FILL_ORDER,
  fillOrder,
  isUnseen,
  selectDailyQuestions,
  weakestFirst,
  wrongRate,
  type DailyPick,
  type DailyQuestionStat,
  type FillOrder,
} from './daily-selection.js';
export { examSummaryEntity, type SummaryRecord } from './entities/exam-summary.js';
export { favoriteEntity, type FavoriteRecord } from './entities/favorite.js';
export { ignoredEntity } from './entities/ignored.js';
export { questionStatEntity, type QuestionStat } from './entities/question-stat.js';
export { reviewLogEntity, type ReviewLogRecord, type ReviewRow } from './entities/review-log.js';
export { reviewLogWrites, reviewRow } from './review-log.js';
export { reviewCalendarEntity } from './entities/review-calendar.js';
export {
  elapsedLearnerDays,
  engineFor,
  nextIntervals,
  retrievability,
  reviewCard,
  schedulerFor,
  type FsrsCard,
  type Grade,
  type LearnerScheduler,
  type DuePlacement,
  type Scheduler,
} from './fsrs.js';
export {
  DEFAULT_LEARNING_PLACEMENT,
  DEFAULT_NEW_SHARE,
  isNewTurn,
  orderReviewQueue,
  type LearningPlacement,
  type QueueEntry,
  type QueueInput,
  type QueueOutput,
} from './review-queue.js';
export { DEFAULT_DUE_ORDER, DUE_ORDERS, duePriority, retentionGain, type DueOrder } from './review-priority.js';
export { mergeOfflineGrades, SYNC_WINDOW_MS, type SyncAnswer } from './review-sync.js';
export { applyReviewGrade, buryReviewCard, undoLastReviewGrade, type ReviewUser } from './review-grade.js';
export { dueBefore, lastGradeId, leechStats, queueState, reviewDay, statItems, type DueEntry } from './review-store.js';
export { reviewDayEntity, reviewGradeEntity, reviewLastEntity } from './entities/review-grade.js';
export {
  deleteFavorite,
  deleteIgnored,
  getFavorite,
  questionFlags,
  ignoredIds,
  isIgnored,
  listFavorites,
  listIgnored,
  putFavorite,
  putIgnored,
  type FavoriteItem,
} from './question-flag-store.js';
export { allStats, statsFor, statsForFile, statsForQuestions } from './question-stat-store.js';
export { accuracyOf, nextStat, statCondition, type QuestionStatItem } from './question-stat.js';
export { quizDay } from './quiz-day.js';
export { getReviewActivity } from './review-activity.js';
export { advanceReviews, getWorkloadForecast, postponeReviews } from './workload.js';
export { answersPlacement } from './workload-store.js';
export { fitLearner, fitMemory, getMemoryFit, readReviewLog } from './memory-fit.js';
export {
  FITS_PER_RUN,
  fitLearners,
  planFsrsFits,
  type FitCounts,
  type FitPlanOptions,
  type FitTask,
} from './fsrs-fit-job.js';
export {
  DEFAULT_WEIGHTS,
  FIT_MIN_ITEMS,
  FULL_FIT_MIN_ITEMS,
  fitWeights,
  KEEP_NOISE_MULTIPLE,
  keepsFit,
  loadBinding,
  logLoss,
  logLossTerms,
  pairedStandardError,
  reviewLogToItems,
  trainableItems,
  type FitItem,
  type FitOutcome,
  type FitReview,
} from './fsrs-fit.js';
