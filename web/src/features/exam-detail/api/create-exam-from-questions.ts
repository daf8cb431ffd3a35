import { createExam, type RandomOption } from '#shared/contracts/exam-creation.js';
import { listExams } from '#shared/contracts/exams.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

export interface QuestionsExam {
  /** Blank: the server's default, the daily-quiz title of the caller. */
  title: string;
  questionIds: string[];
  /** The exam they come from; null for favorites (found by id). */
  sourceExamId: string | null;
  /** `manual` keeps every question in order; `random` samples `count` of them. */
  selectionMode: 'manual' | 'random';
  count: number;
  randomOption?: RandomOption;
}

/** POST /api/create-exam/ with explicit questions (docs/product.md#exam-detail): a private copy exam; answers its id. */
export function createExamFromQuestions(input: QuestionsExam) {
  return writeThenInvalidate(
    () =>
      callApi(createExam, {
        body: {
          title: input.title,
          questions: input.questionIds,
          exam_id: input.sourceExamId,
          selection_mode: input.selectionMode,
          creation_type: 'copy',
          question_count: input.count,
          random_option: input.randomOption ?? 'random',
          is_original: false,
          is_public: false,
        },
      }),
    listExams,
  );
}
