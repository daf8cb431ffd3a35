import type { getExam } from '#shared/contracts/exams.js';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { callApi, type CallInput } from '../../../lib/api-client.js';

/**
 * The whole exam: its first page, then the pages its `next_cursor` points at (D357). The screens
 * number, filter and shuffle all the questions, so they get them all in one answer.
 */
export async function readWholeExam(contract: typeof getExam, input: CallInput<typeof getExam>): Promise<Exam> {
  const first = await callApi(contract, input);
  const questions = [...(first.questions ?? [])];
  for (let cursor = first.next_cursor; cursor;) {
    const page = await callApi(contract, { ...input, query: { ...input.query, cursor } });
    questions.push(...(page.questions ?? []));
    cursor = page.next_cursor;
  }
  return first.questions ? { ...first, questions, next_cursor: null } : first;
}
