import { DIFFICULTIES, type Difficulty } from '#shared/domain/difficulty.js';

/**
 * The filter and sort state of the exam detail screen (docs/product.md#exam-detail, #limits), its URL form and its
 * defaults. The URL is the state: a reload or a shared link shows the same view.
 */

export const SORT_KEYS = [
  'priority',
  'order',
  'csv_id',
  'title',
  'group_id',
  'difficulty',
  'answer',
  'total_attempts',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export const ACCURACY_FILTERS = ['high', 'low'] as const;
export const FAVORITE_FILTERS = ['favorite', 'not_favorite'] as const;
export const IGNORE_FILTERS = ['ignored', 'not_ignored'] as const;

export interface DetailFilters {
  searchTerm: string;
  difficultyFilter: Difficulty | '';
  answerFilter: (typeof ACCURACY_FILTERS)[number] | '';
  favoriteFilter: (typeof FAVORITE_FILTERS)[number] | '';
  ignoreFilter: (typeof IGNORE_FILTERS)[number] | '';
  groupIdFilter: string;
  originalExamFilter: string;
}

export interface DetailState extends DetailFilters {
  sortBy: SortKey;
  sortOrder: SortOrder;
}

/** The URL parameter names, in the order they are written. */
export const STATE_PARAMS = [
  'searchTerm',
  'difficultyFilter',
  'answerFilter',
  'favoriteFilter',
  'ignoreFilter',
  'groupIdFilter',
  'originalExamFilter',
  'sortBy',
  'sortOrder',
] as const satisfies readonly (keyof DetailState)[];

/** docs/product.md#exam-detail: normal mode hides ignored questions by default; favorites mode shows them all. */
export function defaultState(favoritesMode: boolean): DetailState {
  return {
    searchTerm: '',
    difficultyFilter: '',
    answerFilter: '',
    favoriteFilter: '',
    ignoreFilter: favoritesMode ? '' : 'not_ignored',
    groupIdFilter: '',
    originalExamFilter: '',
    sortBy: 'priority',
    sortOrder: 'asc',
  };
}

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined, fallback: T | ''): T | '' {
  if (value === null || value === undefined) return fallback;
  return (values as readonly string[]).includes(value) ? (value as T) : '';
}

/**
 * The state a set of parameters asks for, over `base`. A parameter present with an unknown value
 * clears that filter ("all"); an absent one keeps `base`. `group_id` is an alias of groupIdFilter.
 */
export function stateFromParams(search: URLSearchParams, base: DetailState): DetailState {
  const text = (name: string, fallback: string) => {
    const value = search.get(name);
    return value === null ? fallback : value.slice(0, 200);
  };
  const sortBy = search.get('sortBy');
  const sortOrder = search.get('sortOrder');
  return {
    searchTerm: text('searchTerm', base.searchTerm),
    difficultyFilter: oneOf(DIFFICULTIES, search.get('difficultyFilter'), base.difficultyFilter),
    answerFilter: oneOf(ACCURACY_FILTERS, search.get('answerFilter'), base.answerFilter),
    favoriteFilter: oneOf(FAVORITE_FILTERS, search.get('favoriteFilter'), base.favoriteFilter),
    ignoreFilter: oneOf(IGNORE_FILTERS, search.get('ignoreFilter'), base.ignoreFilter),
    groupIdFilter: text('groupIdFilter', text('group_id', base.groupIdFilter)),
    originalExamFilter: text('originalExamFilter', base.originalExamFilter),
    sortBy: (SORT_KEYS as readonly string[]).includes(sortBy ?? '') ? (sortBy as SortKey) : base.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : base.sortOrder,
  };
}

/**
 * The parameters of a state: only what differs from the mode's defaults, so a plain address is
 * the default view. A filter cleared below a non-empty default is written empty (`ignoreFilter=`).
 */
export function paramsFromState(state: DetailState, favoritesMode: boolean): [string, string][] {
  const defaults = defaultState(favoritesMode);
  return STATE_PARAMS.filter((name) => state[name] !== defaults[name]).map((name) => [name, state[name]]);
}

/** True when any filter (not the sort) differs from the defaults. */
export function hasActiveFilters(state: DetailState, favoritesMode: boolean): boolean {
  const defaults = defaultState(favoritesMode);
  return STATE_PARAMS.some((name) => name !== 'sortBy' && name !== 'sortOrder' && state[name] !== defaults[name]);
}

/** How many filters differ from the screen's defaults (the folded filter bar's summary on phones). */
export function activeFilterCount(state: DetailState, favoritesMode: boolean): number {
  const defaults = defaultState(favoritesMode);
  return STATE_PARAMS.filter((name) => name !== 'sortBy' && name !== 'sortOrder' && state[name] !== defaults[name])
    .length;
}

/** Clicking a column: the same column flips the direction, another starts ascending. */
export function nextSort(
  state: Pick<DetailState, 'sortBy' | 'sortOrder'>,
  column: SortKey,
): Pick<DetailState, 'sortBy' | 'sortOrder'> {
  if (state.sortBy === column) return { sortBy: column, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortOrder: 'asc' };
}
