import * as studyProgress from '#shared/contracts/study-progress.js';
import { studyProgressGroup } from '#shared/route-groups/study-progress.js';
import { bind, createGroupHandler } from './group-handler.js';
import {
  drawRandomPracticeQuestions,
  recordStudyProgress,
  studyMembersProgress,
  studyProgressHistory,
  studyTimeStatistics,
} from '../domains/studies/index.js';

export const handler = createGroupHandler(studyProgressGroup, [
  bind(studyProgress.recordStudyProgress, recordStudyProgress),
  bind(studyProgress.studyProgressHistory, studyProgressHistory),
  bind(studyProgress.studyTimeStatistics, studyTimeStatistics),
  bind(studyProgress.drawRandomPracticeQuestions, drawRandomPracticeQuestions),
  bind(studyProgress.studyMembersProgress, studyMembersProgress),
]);
