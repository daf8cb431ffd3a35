import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '#shared/contracts/tags.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { TagChip } from '../../tags/index.js';
import type { ExamScope } from '../utils/list-query.js';
import styles from './exams.module.css';

interface Props {
  signedIn: boolean;
  isAdmin: boolean;
  scope: ExamScope;
  onScope: (scope: ExamScope) => void;
  searchInput: string;
  onSearch: (text: string) => void;
  tagIds: string[];
  tagById: Map<string, Tag>;
  /** The special domain's tag: shown, but not removable. */
  requiredTagId: string | null;
  onOpenTagFilter: () => void;
  onTagsChange: (ids: string[]) => void;
}

/** The exam list's filter bar (docs/product.md#exam-management): my / public / all, title search, tag filter and its chips. */
export function ExamListFilters({
  signedIn,
  isAdmin,
  scope,
  onScope,
  searchInput,
  onSearch,
  tagIds,
  tagById,
  requiredTagId,
  onOpenTagFilter,
  onTagsChange,
}: Props) {
  const { t } = useTranslation();
  const searchId = useId();
  const removableTags = tagIds.filter((id) => id !== requiredTagId);

  return (
    <>
      <div className={screen.filters}>
        {signedIn && (
          <div
            className={`${form.segmented} ${styles.scopeSwitch}`}
            role="radiogroup"
            aria-label={t('exams.filters.label')}
          >
            {(['my', 'public', ...(isAdmin ? (['all'] as const) : [])] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={scope === value}
                className={form.segment}
                onClick={() => onScope(value)}
                data-testid={`scope-${value}`}
              >
                {t(`exams.filters.${value}`)}
              </button>
            ))}
          </div>
        )}
        <label htmlFor={searchId} className="visually-hidden">
          {t('exams.filters.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className={`${form.input} ${styles.search}`}
          value={searchInput}
          placeholder={t('exams.filters.searchPlaceholder')}
          onChange={(event) => onSearch(event.target.value)}
          data-testid="exam-search"
        />
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={onOpenTagFilter}
          data-testid="open-tag-filter"
        >
          {tagIds.length > 0 ? t('exams.filters.tagsActive', { count: tagIds.length }) : t('exams.filters.tags')}
        </button>
      </div>

      {tagIds.length > 0 && (
        <div className={styles.activeTags} data-testid="active-tag-filter">
          {tagIds.map((id) => {
            const tag = tagById.get(id);
            if (!tag) return null;
            return (
              <TagChip
                key={id}
                tag={tag}
                required={id === requiredTagId}
                onRemove={() => onTagsChange(removableTags.filter((x) => x !== id))}
              />
            );
          })}
          {removableTags.length > 0 && (
            <button type="button" className={styles.clearTags} onClick={() => onTagsChange([])}>
              {t('exams.filters.clearTags')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
