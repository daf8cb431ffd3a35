import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES } from '#shared/domain/difficulty.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { useDebounced } from '../../../lib/use-debounced.js';
import { ACCURACY_FILTERS, FAVORITE_FILTERS, IGNORE_FILTERS, type DetailState } from '../utils/detail-state.js';
import styles from './exam-detail.module.css';

/** docs/product.md#limits: the search box waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  state: DetailState;
  onChange(change: Partial<DetailState>): void;
  onReset(): void;
  favoritesMode: boolean;
  /** Favorites mode: the exams the favorites come from. */
  originalExams: { id: string; title: string }[];
}

/** The filter bar of docs/product.md#exam-detail; every change lands in the address. */
export function FilterBar({ state, onChange, onReset, favoritesMode, originalExams }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState(state.searchTerm);
  const [group, setGroup] = useState(state.groupIdFilter);
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const debouncedGroup = useDebounced(group, SEARCH_DEBOUNCE_MS);

  // The address wins when it changes from outside (reset, back button).
  useEffect(() => setSearch(state.searchTerm), [state.searchTerm]);
  useEffect(() => setGroup(state.groupIdFilter), [state.groupIdFilter]);
  useEffect(() => {
    if (debouncedSearch !== state.searchTerm) onChange({ searchTerm: debouncedSearch });
    // Only the debounced text triggers a write; the state is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- writing on every state change would undo a reset
  }, [debouncedSearch]);
  useEffect(() => {
    if (debouncedGroup !== state.groupIdFilter) onChange({ groupIdFilter: debouncedGroup });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, [debouncedGroup]);

  const select = (
    name: keyof DetailState,
    label: string,
    options: readonly string[],
    optionLabel: (value: string) => string,
  ) => (
    <div className={form.field}>
      <label className={form.label} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        className={`${form.select} ${form.compact}`}
        value={state[name]}
        onChange={(event) => onChange({ [name]: event.target.value })}
        data-testid={`filter-${name}`}
      >
        <option value="">{t('examDetail.filters.all')}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {optionLabel(value)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className={styles.filterBar} aria-label={t('examDetail.filters.label')} data-testid="filter-bar">
      <div className={`${form.field} ${styles.searchField}`}>
        <label className={form.label} htmlFor={`${id}-search`}>
          {t('examDetail.filters.search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className={`${form.input} ${form.compact}`}
          value={search}
          placeholder={t('examDetail.filters.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="filter-search"
        />
      </div>
      {select('difficultyFilter', t('examDetail.filters.difficulty'), DIFFICULTIES, (value) =>
        t(`examDetail.difficulty.${value}`),
      )}
      {select('answerFilter', t('examDetail.filters.accuracy'), ACCURACY_FILTERS, (value) =>
        t(`examDetail.filters.accuracyValues.${value}`),
      )}
      {select('favoriteFilter', t('examDetail.filters.favorite'), FAVORITE_FILTERS, (value) =>
        t(`examDetail.filters.favoriteValues.${value}`),
      )}
      {select('ignoreFilter', t('examDetail.filters.ignore'), IGNORE_FILTERS, (value) =>
        t(`examDetail.filters.ignoreValues.${value}`),
      )}
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-group`}>
          {t('examDetail.filters.group')}
        </label>
        <input
          id={`${id}-group`}
          className={`${form.input} ${form.compact}`}
          value={group}
          onChange={(event) => setGroup(event.target.value)}
          data-testid="filter-group"
        />
      </div>
      {favoritesMode &&
        select(
          'originalExamFilter',
          t('examDetail.filters.originalExam'),
          originalExams.map((exam) => exam.id),
          (value) => originalExams.find((exam) => exam.id === value)?.title ?? value,
        )}
      <div className={styles.filterReset}>
        <button
          type="button"
          className={`${button.button} ${button.ghost} ${button.small}`}
          onClick={onReset}
          data-testid="filter-reset"
        >
          {t('examDetail.filters.reset')}
        </button>
      </div>
    </section>
  );
}
