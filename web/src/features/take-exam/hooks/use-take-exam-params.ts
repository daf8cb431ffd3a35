import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { parseIdList } from '#shared/domain/question-order.js';
import { filterParams } from '../utils/return-address.js';

/** The query parameters of docs/product.md#take-exam, read once per address. */
export interface TakeExamParams {
  /** From the path, else the exam_id parameter. */
  examId: string | null;
  /** Single-question mode. */
  questionId: string | null;
  addMode: boolean;
  selected: string[];
  order: string[];
  restart: boolean;
  /** resume=true: continuing the unfinished sitting was chosen already (no offer, D296). */
  resume: boolean;
  /** continue=true with result_id. */
  continueResultId: string | null;
  search: URLSearchParams;
  filters: Record<string, string>;
}

export function useTakeExamParams(): TakeExamParams {
  const { examId: pathExamId } = useParams();
  const [search] = useSearchParams();
  return useMemo(() => {
    const examId = pathExamId || search.get('exam_id') || null;
    return {
      examId,
      questionId: search.get('question_id') || null,
      addMode: search.get('mode') === 'add-question',
      selected: parseIdList(search.get('selected')),
      order: parseIdList(search.get('order')),
      restart: search.get('restart') === 'true',
      resume: search.get('resume') === 'true',
      continueResultId: search.get('continue') === 'true' ? search.get('result_id') || null : null,
      search,
      filters: Object.fromEntries(filterParams(search)),
    };
  }, [pathExamId, search]);
}
