import { useMemo } from 'react';
import type { Language } from '#shared/domain/language.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useLeeches } from '../../review/index.js';
import type { DetailState } from '../utils/detail-state.js';
import { filterRows, sortRows, toRows, type RowSource } from '../utils/question-rows.js';
import type { DetailData } from './use-detail-data.js';

const EMPTY_MAP: ReadonlyMap<string, string> = new Map();

/**
 * The table's rows: every question with the caller's statistics and flags (`rows`), the ones the
 * filters and sort show (`shown`), the original exams the favorites come from (a filter's choices)
 * and, for managers, the members mapped to each question.
 */
export function useQuestionRows(data: DetailData, state: DetailState, language: Language) {
  const { favoritesMode, exam, favorites, ignored, statistics, mappings } = data;
  const { user } = useAuth();
  const leechRead = useLeeches(!!user);
  const sources: RowSource[] = useMemo(
    () => (favoritesMode ? (favorites.data?.questions ?? []) : (exam.data?.questions ?? [])),
    [favoritesMode, favorites.data, exam.data],
  );
  const rows = useMemo(() => {
    const stats = new Map((statistics.error ? [] : (statistics.data ?? [])).map((stat) => [stat.question_id, stat]));
    const favoriteIds = new Set((favorites.data?.questions ?? []).map((question) => question.id));
    const ignoredIds = new Set((ignored.data?.ignored_questions ?? []).map((entry) => entry.question_id));
    const leeches = new Set((leechRead.data?.leeches ?? []).map((leech) => leech.question_id));
    return toRows(sources, { language, stats, favorites: favoriteIds, ignored: ignoredIds, leeches });
  }, [sources, statistics.data, statistics.error, favorites.data, ignored.data, leechRead.data, language]);
  const shown = useMemo(() => sortRows(filterRows(rows, state), state.sortBy, state.sortOrder, rows), [rows, state]);
  const originalExams = useMemo(() => {
    const byId = new Map<string, { id: string; title: string }>();
    for (const row of rows) for (const origin of row.originalExams) byId.set(origin.id, origin);
    return [...byId.values()];
  }, [rows]);
  const mappingByQuestion = useMemo(() => {
    if (mappings.error || !mappings.data?.length) return EMPTY_MAP;
    const names = new Map<string, string[]>();
    for (const mapping of mappings.data)
      names.set(mapping.question.id, [...(names.get(mapping.question.id) ?? []), mapping.member.name]);
    return new Map([...names].map(([id, list]) => [id, list.join(', ')]));
  }, [mappings.data, mappings.error]);
  return { sources, rows, shown, originalExams, mappingByQuestion };
}
