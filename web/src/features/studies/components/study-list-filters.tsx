import { useTranslation } from 'react-i18next';
import type { Tag } from '#shared/contracts/tags.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { TagChip } from '../../tags/index.js';
import { STUDY_SCOPES, type StudyScope } from '../utils/list-query.js';
import styles from './studies.module.css';

interface StudyListFiltersProps {
  signedIn: boolean;
  scope: StudyScope;
  onScope(scope: StudyScope): void;
  tagIds: string[];
  tagById: Map<string, Tag>;
  /** The special domain's tag: shown, but not removable. */
  requiredTagId: string | null;
  onOpenTagFilter(): void;
  onTagsChange(ids: string[]): void;
}

/** The study list's filter bar (docs/product.md#study-list): the scope switch, the tag filter and its chips. */
export function StudyListFilters({
  signedIn,
  scope,
  onScope,
  tagIds,
  tagById,
  requiredTagId,
  onOpenTagFilter,
  onTagsChange,
}: StudyListFiltersProps) {
  const { t } = useTranslation();
  const removableTags = tagIds.filter((id) => id !== requiredTagId);
  return (
    <>
      <div className={screen.filters}>
        {signedIn && (
          <div className={form.segmented} role="radiogroup" aria-label={t('studies.filters.label')}>
            {STUDY_SCOPES.map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={scope === value}
                className={form.segment}
                onClick={() => onScope(value)}
                data-testid={`study-scope-${value}`}
              >
                {t(`studies.filters.${value}`)}
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={onOpenTagFilter}
          data-testid="open-study-tag-filter"
        >
          {tagIds.length > 0 ? t('studies.filters.tagsActive', { count: tagIds.length }) : t('studies.filters.tags')}
        </button>
      </div>
      {tagIds.length > 0 && (
        <div className={styles.activeTags}>
          {tagIds.map((id) => {
            const tag = tagById.get(id);
            return tag ? (
              <TagChip
                key={id}
                tag={tag}
                required={id === requiredTagId}
                onRemove={() => onTagsChange(removableTags.filter((x) => x !== id))}
              />
            ) : null;
          })}
        </div>
      )}
    </>
  );
}
