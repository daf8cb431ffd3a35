import { listExams, updateExam } from '#shared/contracts/exams.js';
import type { Tag } from '#shared/contracts/tags.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** PATCH /api/exam/{id}/update/ with tags: answers the exam's tags as saved. */
export async function updateExamTags(examId: string, tagIds: string[]): Promise<Tag[]> {
  const exam = await writeThenInvalidate(
    () => callApi(updateExam, { params: { examId }, body: { tags: tagIds } }),
    listExams,
  );
  return exam.tags ?? [];
}
