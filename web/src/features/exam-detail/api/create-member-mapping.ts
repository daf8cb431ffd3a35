import { createQuestionMemberMapping as route, questionMemberMappings } from '#shared/contracts/questions.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/create-question-member-mapping/ — the questions shared out over the study's active members. */
export function createMemberMapping(examId: string, studyId: string, questionIds: string[]) {
  return writeThenInvalidate(
    () => callApi(route, { body: { exam_id: examId, study_id: studyId, question_ids: questionIds } }),
    questionMemberMappings,
  );
}
