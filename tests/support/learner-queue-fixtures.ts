import { inject } from 'vitest';
import { createExam, uploadBank, type UploadedFile } from './exam-fixtures.js';
import { fixtureUser, type FixtureUser } from './fixture-users.js';
import { okJson } from './responses.js';

/** Subscribes the learner to exams: what the review queue and the daily exam draw from. */
export const subscribe = (user: FixtureUser, examIds: string[]) =>
  user.client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: examIds, action: 'subscribe' }).then(okJson);

/** The exam's questions as `user` reads them, in the exam's order. */
export const examQuestions = async (user: FixtureUser, examId: string): Promise<{ id: string }[]> =>
  okJson(await user.client.get(`/api/exam/${examId}/questions/`));

/**
 * The source of the learner-queue tests: an English author's public exam of `count` generated
 * questions (file and title named `name` and the author's id), with its questions.
 */
export async function publicSourceExam(name: string, count: number) {
  const author = await fixtureUser(inject('apiUrl'), { language: 'en' });
  const file: UploadedFile = await uploadBank(author, `${name}-${author.id}.xlsx`, count);
  const exam = await createExam(author, {
    title: `${name} ${author.id}`,
    question_count: count,
    file_name: file.name,
    is_public: true,
  });
  return { author, file, exam, questions: await examQuestions(author, exam.id) };
}
