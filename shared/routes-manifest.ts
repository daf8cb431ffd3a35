import type { RouteContract } from './contracts/define-route.js';
import * as auth from './contracts/auth.js';
import * as profile from './contracts/profile.js';
import * as system from './contracts/system.js';
import * as exams from './contracts/exams.js';
import * as examSheets from './contracts/exam-sheets.js';
import * as dailyQuiz from './contracts/daily-quiz.js';
import * as files from './contracts/files.js';
import * as tags from './contracts/tags.js';
import * as users from './contracts/users.js';
import * as results from './contracts/results.js';
import * as questions from './contracts/questions.js';
import * as links from './contracts/links.js';
import * as learningData from './contracts/learning-data.js';
import * as studies from './contracts/studies.js';
import * as studyMembers from './contracts/study-members.js';
import * as studyProgress from './contracts/study-progress.js';

/**
 * The one place routes are declared. Each group is one Lambda in AWS and one handler module
 * locally; the CDK stack and the local server both build their routing from this list.
 * `handler` is the module path from the repository root; it exports `handler`.
 */
export interface RouteGroup {
  name: string;
  handler: string;
  /** Lambda memory; raised where password hashing or spreadsheet parsing needs it. */
  memoryMb: number;
  timeoutSeconds: number;
  routes: RouteContract[];
  /**
   * Tables and buckets the group may touch; the stack grants exactly these. Every route group
   * reads sessions and refreshes their lastSeenAt (the HTTP runtime does, functions/lib/auth),
   * so the ephemeral table is at least `sessions` (read + UpdateItem).
   */
  access: {
    appTable?: 'read' | 'write';
    ephemeralTable: 'sessions' | 'write';
    filesBucket?: 'read' | 'write';
    sendMail?: boolean;
    /** May call Amazon Bedrock: granted (with BEDROCK_MODEL_ID set) only when deployed with `-c bedrockModelId=…`. */
    bedrock?: boolean;
  };
}

export const ROUTE_GROUPS: RouteGroup[] = [
  {
    name: 'system',
    handler: 'functions/system/handler.ts',
    memoryMb: 256,
    timeoutSeconds: 10,
    routes: [system.getCsrfToken, system.testCsrf, system.getTranslations],
    access: { ephemeralTable: 'sessions', appTable: 'read' },
  },
  {
    name: 'auth',
    handler: 'functions/auth/handler.ts',
    // scrypt (N=2^17, r=8) needs 128 MiB per hash; 1024 MB buys the CPU share that keeps a login near 0.3 s.
    memoryMb: 1024,
    timeoutSeconds: 15,
    routes: [auth.register, auth.login, auth.logout, auth.authStatus, auth.changePassword, auth.sendEmailVerification, auth.verifyEmail, auth.googleOauthConfig, auth.googleSignIn],
    access: { appTable: 'write', ephemeralTable: 'write', sendMail: true },
  },
  {
    name: 'profile',
    handler: 'functions/profile/handler.ts',
    // No hashing; the data export builds an xlsx in memory.
    memoryMb: 512,
    timeoutSeconds: 29,
    routes: [
      profile.getProfileLanguage,
      profile.getProfile,
      profile.updateProfile,
      profile.updateRetentionSettings,
      profile.changeLanguage,
      profile.deleteMyAccount,
      profile.exportUserData,
      dailyQuiz.dailyMailUnsubscribePage,
      dailyQuiz.dailyMailUnsubscribe,
    ],
    // Withdrawal deletes the user's private question files from the bucket.
    access: { appTable: 'write', ephemeralTable: 'write', filesBucket: 'write' },
  },
  {
    name: 'users',
    handler: 'functions/users/handler.ts',
    // Admin create hashes a password (scrypt, 128 MiB) and the sheet upload inflates up to 50 MB of xlsx.
    memoryMb: 1024,
    timeoutSeconds: 29,
    routes: [users.listUsers, users.createUser, users.updateUser, users.deleteUser, users.downloadUsersSheet, users.uploadUsersSheet, users.searchUsers],
    // Deleting a user deletes their private question files from the bucket.
    access: { appTable: 'write', ephemeralTable: 'write', filesBucket: 'write' },
  },
  {
    name: 'study-members',
    handler: 'functions/study-members/handler.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    routes: [
      studyMembers.listStudyMembers,
      studyMembers.listStudyJoinRequests,
      studyMembers.addMember,
      studyMembers.updateMember,
      studyMembers.deleteMember,
      studyMembers.importMembers,
      studyMembers.createJoinRequest,
      studyMembers.listMyJoinRequests,
      studyMembers.removeMyJoinRequest,
      studyMembers.respondToJoinRequest,
      studyMembers.cancelJoinRequest,
    ],
    access: { appTable: 'write', ephemeralTable: 'sessions' },
  },
  {
    name: 'study-progress',
    handler: 'functions/study-progress/handler.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    routes: [
      studyProgress.recordStudyProgress,
      studyProgress.studyProgressHistory,
      studyProgress.studyTimeStatistics,
      studyProgress.saveRandomPracticeResult,
      studyProgress.drawRandomPracticeQuestions,
    ],
    access: { appTable: 'write', ephemeralTable: 'sessions' },
  },
  {
    name: 'files',
    handler: 'functions/files/handler.ts',
    // Parses spreadsheets of up to 10 MB (100 MB uncompressed) in memory.
    memoryMb: 1536,
    timeoutSeconds: 29,
    routes: [
      files.uploadQuestions,
      files.createUploadUrl,
      files.importUploadedFile,
      files.listQuestionFiles,
      files.checkExistingFile,
      files.updateQuestionFile,
      files.deleteQuestionFile,
      files.downloadQuestionFile,
      files.downloadSampleFile,
      files.questionPoolCount,
      // The admin exam sheets parse and write xlsx: here, so the exams Lambda does not carry SheetJS.
      examSheets.downloadExamsSheet,
      examSheets.uploadExamsSheet,
      // Updates an exam's questions from a sheet: parsed here for the same reason.
      examSheets.updateQuestionsFromExcel,
    ],
    access: { appTable: 'write', ephemeralTable: 'sessions', filesBucket: 'write' },
  },
  {
    name: 'exams',
    handler: 'functions/exams/handler.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    routes: [
      exams.createExam,
      exams.getExam,
      exams.getExamQuestions,
      exams.listExams,
      exams.deleteExam,
      exams.deleteExamLegacy,
      exams.retakeExam,
      exams.wrongQuestionsExam,
      exams.toggleOriginal,
      exams.updateExam,
      exams.bulkToggleSubscription,
      exams.subscribedExams,
      exams.moveToSubscribed,
      exams.moveToMyExams,
      exams.createSingleQuestionExam,
      exams.connectedStudies,
      examSheets.importFromConnectedFile,
      dailyQuiz.getDailyExam,
      dailyQuiz.createRandomRecommendationExam,
    ],
    access: { appTable: 'write', ephemeralTable: 'sessions' },
  },
  {
    name: 'tags',
    handler: 'functions/tags/handler.ts',
    memoryMb: 256,
    timeoutSeconds: 10,
    routes: [tags.listTags, tags.createTag, tags.listStudyTags],
    access: { appTable: 'write', ephemeralTable: 'sessions' },
  },
  {
    name: 'results',
    handler: 'functions/results/handler.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    routes: [
      results.submitExam,
      results.continueExam,
      results.listExamResults,
      results.examResultsSummary,
      results.getExamResult,
      results.deleteExamResult,
      results.questionStatistics,
      results.adjustQuestionAccuracy,
      learningData.resetUserStatistics,
      learningData.manualRetentionCleanup,
      results.deleteQuestionResultsGlobal,
      results.deleteQuestionResults,
      results.bulkAdjustUserAccuracy,
    ],
    // Submit idempotency keys live in the ephemeral table (TTL).
    access: { appTable: 'write', ephemeralTable: 'write' },
  },
  {
    name: 'questions',
    handler: 'functions/questions/handler.ts',
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
    ],
    // bedrock: evaluate-answer's optional model (functions/questions/evaluate.ts).
    access: { appTable: 'write', ephemeralTable: 'sessions', bedrock: true },
  },
  {
    name: 'links',
    handler: 'functions/links/handler.ts',
    memoryMb: 256,
    timeoutSeconds: 10,
    routes: [links.createShortUrl, links.followShortLink],
    // Short links live in the ephemeral table (TTL); the app table is read for exam visibility.
    access: { appTable: 'read', ephemeralTable: 'write' },
  },
  {
    name: 'studies',
    handler: 'functions/studies/handler.ts',
    // The task sheets parse and write xlsx (SheetJS loaded only by those two routes).
    memoryMb: 512,
    timeoutSeconds: 29,
    routes: [
      studies.listStudies,
      studies.createStudy,
      studies.getStudy,
      studies.updateStudy,
      studies.deleteStudy,
      studies.downloadStudyTasksSheet,
      studies.uploadStudyTasksSheet,
      studies.listStudyTasks,
      studies.createStudyTask,
      studies.updateStudyTask,
      studies.deleteStudyTask,
    ],
    access: { appTable: 'write', ephemeralTable: 'sessions' },
  },
];

/** The group that answers any request no route matches (API Gateway's `$default` route). */
export const FALLBACK_GROUP = 'system';

export function findGroup(name: string): RouteGroup {
  const group = ROUTE_GROUPS.find((g) => g.name === name);
  if (!group) throw new Error(`unknown route group ${name}`);
  return group;
}
