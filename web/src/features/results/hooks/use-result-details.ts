import { useCallback, useEffect, useState } from 'react';
import type { ExamResult, ResultDetail } from '#shared/contracts/results.js';
import { getExamResultDetails } from '../api/get-exam-result-details.js';

interface Pages {
  /** The result revision these pages continue (its first page's cursor). */
  from: string | null;
  details: ResultDetail[];
  next: string | null;
}

/**
 * A result's details page by page (D197): the first page came with the result; `loadMore` asks for
 * the next with its cursor. A new revision of the result (continued elsewhere, reloaded) starts over.
 */
export function useResultDetails(result: ExamResult) {
  const first = result.details_next ?? null;
  const [pages, setPages] = useState<Pages>({ from: first, details: [], next: first });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setPages({ from: first, details: [], next: first });
    setError(null);
  }, [result.id, first]);

  const loadMore = useCallback(async () => {
    if (!pages.next || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await getExamResultDetails(result.id, pages.next);
      setPages((current) =>
        current.from === pages.from
          ? { ...current, details: [...current.details, ...page.details], next: page.next }
          : current,
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  }, [pages.next, pages.from, loading, result.id]);

  return {
    details: [...(result.details ?? []), ...pages.details],
    hasMore: !!pages.next,
    loading,
    error,
    loadMore,
  };
}
