import { normalizeDifficulty, type Difficulty } from '#shared/domain/difficulty.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { textFormat, type TextFormat } from '#shared/domain/rich-text.js';
import type { DetailFilters, SortKey, SortOrder } from './detail-state.js';

/** docs/product.md#exam-detail, #limits: a question is answered well at 70 % and more. */
export const ACCURACY_THRESHOLD = 0.7;

/** One table row: the question as the screen needs it, with the caller's statistics and flags. */
export interface QuestionRow {
  id: string;
  csvId: string;
  title: string;
  /** The question's text, answer and explanation in the screen's language (with fallback); empty when the exam has none. */
  content: string;
  answer: string;
  explanation: string;
  /** How the texts are written (D130). */
  format: TextFormat;
  groupId: string;
  difficulty: Difficulty;
  order: number;
  correct: number;
  attempts: number;
  isFavorite: boolean;
  isIgnored: boolean;
  /** Failed 8 times or more: set only on the caller's leeches. */
  isLeech?: true;
  /** Favorites mode: the exams the question was marked in. */
  originalExams: { id: string; title: string }[];
}

/** The exam a row's question is read from: the screen's exam, or in favorites mode the first exam it was marked in. */
export const sourceExamOf = (row: QuestionRow, examId: string | null): string | null =>
  examId ?? row.originalExams[0]?.id ?? null;

export interface RowSource {
  [field: string]: unknown;
  id: string;
  csv_id?: string;
  title?: string;
  title_ko?: string;
  title_en?: string;
  group_id?: string;
  difficulty?: string;
  order?: number;
  original_exams?: { id: string; title: string }[];
}

export interface RowContext {
  language: Language;
  stats: ReadonlyMap<string, { correct_attempts: number; total_attempts: number }>;
  favorites: ReadonlySet<string>;
  ignored: ReadonlySet<string>;
  /** The caller's leeches (question ids), when signed in. */
  leeches?: ReadonlySet<string>;
}

/** Rows in the exam's order; the localised title falls back between ko and en (docs/product.md#exam-detail). */
export function toRows(questions: readonly RowSource[], context: RowContext): QuestionRow[] {
  return questions.map((question, index) => {
    const stat = context.stats.get(question.id);
    return {
      id: question.id,
      csvId: question.csv_id ?? '',
      title: pickLocalized(question, 'title', context.language),
      content: pickLocalized(question, 'content', context.language),
      answer: pickLocalized(question, 'answer', context.language),
      explanation: pickLocalized(question, 'explanation', context.language),
      format: textFormat(question.format),
      groupId: question.group_id ?? '',
      difficulty: normalizeDifficulty(question.difficulty),
      order: question.order ?? index,
      correct: stat?.correct_attempts ?? 0,
      attempts: stat?.total_attempts ?? 0,
      isFavorite: context.favorites.has(question.id),
      isIgnored: context.ignored.has(question.id),
      originalExams: question.original_exams ?? [],
      ...(context.leeches?.has(question.id) ? { isLeech: true as const } : {}),
    };
  });
}

export function accuracyOf(row: Pick<QuestionRow, 'correct' | 'attempts'>): number | null {
  return row.attempts > 0 ? row.correct / row.attempts : null;
}

/** docs/product.md#exam-detail: every active filter must hold. */
export function filterRows(rows: readonly QuestionRow[], filters: DetailFilters): QuestionRow[] {
  const search = filters.searchTerm.trim().toLowerCase();
  const group = filters.groupIdFilter.trim().toLowerCase();
  return rows.filter((row) => {
    if (search && !row.title.toLowerCase().includes(search)) return false;
    if (filters.difficultyFilter && row.difficulty !== filters.difficultyFilter) return false;
    if (filters.answerFilter) {
      const accuracy = accuracyOf(row);
      if (accuracy === null) return false; // unattempted questions are out while this filter is on
      if (filters.answerFilter === 'high' ? accuracy < ACCURACY_THRESHOLD : accuracy >= ACCURACY_THRESHOLD)
        return false;
    }
    if (filters.favoriteFilter && row.isFavorite !== (filters.favoriteFilter === 'favorite')) return false;
    if (filters.ignoreFilter && row.isIgnored !== (filters.ignoreFilter === 'ignored')) return false;
    if (group && !row.groupId.toLowerCase().includes(group)) return false;
    if (filters.originalExamFilter && !row.originalExams.some((exam) => exam.id === filters.originalExamFilter))
      return false;
    return true;
  });
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const DIFFICULTY_RANK: Record<Difficulty, number> = { Easy: 0, Medium: 1, Hard: 2 };

/** Group ids: numeric ones first, by value; then the others, naturally; empty ones last. */
export function compareGroupIds(a: string, b: string): number {
  const emptyA = a.trim() === '';
  const emptyB = b.trim() === '';
  if (emptyA || emptyB) return Number(emptyA) - Number(emptyB);
  const numberA = Number(a);
  const numberB = Number(b);
  const numericA = Number.isFinite(numberA);
  const numericB = Number.isFinite(numberB);
  if (numericA && numericB) return numberA - numberB;
  if (numericA !== numericB) return numericA ? -1 : 1;
  return collator.compare(a, b);
}

/**
 * The default priority of docs/product.md#exam-detail, ascending: lowest accuracy first (unattempted counting as 0),
 * unattempted questions first among ties, then more attempts first.
 */
function comparePriority(a: QuestionRow, b: QuestionRow): number {
  const accuracy = (accuracyOf(a) ?? 0) - (accuracyOf(b) ?? 0);
  if (accuracy !== 0) return accuracy;
  const unattempted = Number(b.attempts === 0) - Number(a.attempts === 0);
  if (unattempted !== 0) return unattempted;
  return b.attempts - a.attempts;
}

const COMPARATORS: Record<Exclude<SortKey, 'priority'>, (a: QuestionRow, b: QuestionRow) => number> = {
  order: (a, b) => a.order - b.order,
  csv_id: (a, b) => collator.compare(a.csvId, b.csvId),
  title: (a, b) => collator.compare(a.title, b.title),
  group_id: (a, b) => compareGroupIds(a.groupId, b.groupId),
  difficulty: (a, b) => DIFFICULTY_RANK[a.difficulty] - DIFFICULTY_RANK[b.difficulty],
  // Unattempted below every answered accuracy, so "ascending" starts with what was never tried.
  answer: (a, b) => (accuracyOf(a) ?? -1) - (accuracyOf(b) ?? -1),
  total_attempts: (a, b) => a.attempts - b.attempts,
};

/**
 * Sorts a copy. Priority (docs/product.md#exam-detail): by group id when no question anywhere has attempts, else
 * by the priority rule. Ties keep the exam's order, whatever the direction.
 */
export function sortRows(
  rows: readonly QuestionRow[],
  sortBy: SortKey,
  sortOrder: SortOrder,
  allRows: readonly QuestionRow[] = rows,
): QuestionRow[] {
  const anyAttempts = allRows.some((row) => row.attempts > 0);
  const compare = sortBy === 'priority' ? (anyAttempts ? comparePriority : COMPARATORS.group_id) : COMPARATORS[sortBy];
  const direction = sortOrder === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => direction * compare(a, b) || a.order - b.order);
}
