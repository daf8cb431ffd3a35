import app from './ko.js';
import navigation from '../../features/navigation/i18n/ko.js';
import language from '../../features/language/i18n/ko.js';
import home from '../../features/home/i18n/ko.js';
import legal from '../../features/legal/i18n/ko.js';
import introduction from '../../features/introduction/i18n/ko.js';
import gettingStarted from '../../features/getting-started/i18n/ko.js';
import statusPages from '../../features/status-pages/i18n/ko.js';
import auth from '../../features/auth/i18n/ko.js';
import profile from '../../features/profile/i18n/ko.js';
import emailVerification from '../../features/email-verification/i18n/ko.js';
import userManagement from '../../features/user-management/i18n/ko.js';
import questionFiles from '../../features/question-files/i18n/ko.js';
import exams from '../../features/exams/i18n/ko.js';
import tags from '../../features/tags/i18n/ko.js';
import takeExam from '../../features/take-exam/i18n/ko.js';
import results from '../../features/results/i18n/ko.js';
import examDetail from '../../features/exam-detail/i18n/ko.js';
import studyProgress from '../../features/study-progress/i18n/ko.js';
import randomPractice from '../../features/random-practice/i18n/ko.js';
import voiceMode from '../../features/voice-mode/i18n/ko.js';
import studies from '../../features/studies/i18n/ko.js';
import studyMembers from '../../features/study-members/i18n/ko.js';
import dailyExam from '../../features/daily-exam/i18n/ko.js';
import reviewActivity from '../../features/review-activity/i18n/ko.js';
import review from '../../features/review/i18n/ko.js';
import notes from '../../features/notes/i18n/ko.js';

/** Korean texts of every feature, each under its feature key (`t('home.hero.title')`). */
const resources = {
  app,
  navigation,
  language,
  home,
  legal,
  introduction,
  gettingStarted,
  statusPages,
  auth,
  profile,
  emailVerification,
  userManagement,
  questionFiles,
  exams,
  tags,
  takeExam,
  results,
  examDetail,
  studyProgress,
  randomPractice,
  voiceMode,
  studies,
  studyMembers,
  dailyExam,
  reviewActivity,
  review,
  notes,
};

export default resources;
export type BundledResources = typeof resources;
