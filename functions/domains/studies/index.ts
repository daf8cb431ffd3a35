// The studies domain's public face (studies, tasks, members, join requests, progress); it may import only users, tags, files, learning, exams (through their index.ts). docs/architecture.md §1.6.
// Loading the studies domain gives exams what they need of it (exam-links.ts).
import './exam-links.js';

export { connectedStudies } from './connected-studies.js';
export { studyDayEntity } from './entities/study-day.js';
export { studyTaskEntity } from './entities/study-task.js';
export { studyCountersEntity, studyEntity, studyListShards, type PoolChange } from './entities/study.js';
export {
  cancelJoinRequest,
  createJoinRequest,
  listJoinRequestsOfStudy,
  listMyJoinRequests,
  removeMyJoinRequest,
  respondToJoinRequest,
} from './join-requests.js';
export { createQuestionMemberMapping, questionMemberMappings } from './member-mappings.js';
export { addMember, deleteMember, importMembers, listStudyMembers, updateMember } from './members.js';
export { studyMembersProgress } from './members-progress.js';
export { studyTimeCredits, studyTimeItems } from './progress-time.js';
export {
  drawRandomPracticeQuestions,
  practiceTaskExams,
  recordPracticeRun,
  recordStudyProgress,
  studyProgressHistory,
  studyTimeStatistics,
} from './progress.js';
export { createStudy, deleteStudy, getStudy, listStudies, updateStudy } from './studies.js';
export { canManage, loadStudyAccess } from './study-access.js';
export { finishPendingStudyDeletions } from './study-delete.js';
export { liveStudyTitle, membershipsIn } from './study-store.js';
export { createStudyTask, deleteStudyTask, listStudyTasks, updateStudyTask } from './tasks.js';
export { removeUserFromStudies } from './withdrawal.js';
export { createRandomRecommendationExam, openDailyExam } from './daily-exam-routes.js';
export { getDueToday, getOfflineReview, getReviewQueue } from './review-sources.js';
export { activeStudyExams } from './study-task-exams.js';
