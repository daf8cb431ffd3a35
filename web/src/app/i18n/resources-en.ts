import app from './en.js';
import navigation from '../../features/navigation/i18n/en.js';
import language from '../../features/language/i18n/en.js';
import home from '../../features/home/i18n/en.js';
import legal from '../../features/legal/i18n/en.js';
import introduction from '../../features/introduction/i18n/en.js';
import gettingStarted from '../../features/getting-started/i18n/en.js';
import statusPages from '../../features/status-pages/i18n/en.js';
import auth from '../../features/auth/i18n/en.js';
import profile from '../../features/profile/i18n/en.js';
import emailVerification from '../../features/email-verification/i18n/en.js';
import userManagement from '../../features/user-management/i18n/en.js';
import questionFiles from '../../features/question-files/i18n/en.js';
import exams from '../../features/exams/i18n/en.js';
import tags from '../../features/tags/i18n/en.js';
import takeExam from '../../features/take-exam/i18n/en.js';
import results from '../../features/results/i18n/en.js';
import examDetail from '../../features/exam-detail/i18n/en.js';
import studyProgress from '../../features/study-progress/i18n/en.js';
import randomPractice from '../../features/random-practice/i18n/en.js';
import voiceMode from '../../features/voice-mode/i18n/en.js';
import studies from '../../features/studies/i18n/en.js';
import studyMembers from '../../features/study-members/i18n/en.js';
import dailyExam from '../../features/daily-exam/i18n/en.js';
import reviewActivity from '../../features/review-activity/i18n/en.js';
import review from '../../features/review/i18n/en.js';
import notes from '../../features/notes/i18n/en.js';
import type { TranslationShape } from '../../lib/translation-shape.js';
import type { BundledResources } from './resources-ko.js';

/** English texts of every feature; the type check keeps the feature list in step with Korean. */
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
} satisfies TranslationShape<BundledResources>;

export default resources;
