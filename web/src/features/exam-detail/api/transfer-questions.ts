import { getExam, listExams } from '#shared/contracts/exams.js';
import { copyQuestions, moveQuestions } from '#shared/contracts/questions.js';
import { favoriteExamQuestions } from '#shared/contracts/questions.js';
import { questionStatistics } from '#shared/contracts/results.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export interface Transfer {
  fromExamId: string;
  toExamId: string;
  questionIds: string[];
}

const body = (transfer: Transfer) => ({
  from_exam_id: transfer.fromExamId,
  to_exam_id: transfer.toExamId,
  question_ids: transfer.questionIds,
});

/** POST /api/move-questions/ — both exams, their statistics and the lists load again. */
export function moveQuestionsTo(transfer: Transfer) {
  return writeThenInvalidate(
    () => callApi(moveQuestions, { body: body(transfer) }),
    getExam,
    listExams,
    questionStatistics,
    favoriteExamQuestions,
  );
}

/** POST /api/copy-questions/ — the source stays whole; the target and the lists load again. */
export function copyQuestionsTo(transfer: Transfer) {
  return writeThenInvalidate(() => callApi(copyQuestions, { body: body(transfer) }), getExam, listExams);
}
