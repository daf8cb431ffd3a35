import * as studyProgress from '#shared/contracts/study-progress.js';
import { studyProgressGroup } from '#shared/route-groups/study-progress.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';
import { studyMembersProgress } from './members-progress.js';
import { drawRandomPracticeQuestions, recordStudyProgress, saveRandomPracticeResult, studyProgressHistory, studyTimeStatistics } from './services.js';

export const handler = createGroupHandler(studyProgressGroup, [
  bind(studyProgress.recordStudyProgress, recordStudyProgress),
  bind(studyProgress.studyProgressHistory, studyProgressHistory),
  bind(studyProgress.studyTimeStatistics, studyTimeStatistics),
  bind(studyProgress.saveRandomPracticeResult, saveRandomPracticeResult),
  bind(studyProgress.drawRandomPracticeQuestions, drawRandomPracticeQuestions),
  bind(studyProgress.studyMembersProgress, studyMembersProgress),
]);
