import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '#shared/contracts/tags.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { LoadMore } from '../../../components/ui/load-more/load-more.js';
import { Modal } from '../../../components/ui/modal/modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { popularTags, searchTags, tagLabel, toggleTagId, useTags, type TagList } from '../../tags/index.js';
import { useExamCount } from '../api/get-exams.js';
import { examListQuery, type ListFilters } from '../utils/list-query.js';
import styles from './exams.module.css';

interface Props {
  open: boolean;
  /** The first pages of the tag list (D248); a search asks the server besides. */
  tagList: TagList;
  /** The list's filters; the modal counts the results of its draft tags under them. */
  filters: ListFilters;
  /** The special domain's tag: always selected. */
  requiredId: string | null;
  /** The chosen ids, and those tags as the modal knows them (some may come from a search). */
  onApply(tagIds: string[], tags: Tag[]): void;
  onClose(): void;
}

/**
 * docs/product.md#exam-management: search box, popular tags (top 10 by usage), all tags, clear all, and a
 * show-results button carrying the number of exams the chosen tags give.
 */
export function TagFilterModal({ open, tagList, filters, requiredId, onApply, onClose }: Props) {
  const { tags, error: tagsError } = tagList;
  const { t } = useTranslation();
  const toast = useToast();
  const searchId = useId();
  const language = currentLanguage();
  const [draft, setDraft] = useState<string[]>(filters.tagIds.slice());
  const [query, setQuery] = useState('');
  const reported = useRef<unknown>(null);

  useEffect(() => {
    if (open) {
      setDraft(filters.tagIds.slice());
      setQuery('');
    }
    // Reset the draft each time the modal opens.
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on opening alone: the draft starts from the filters of that moment

  useEffect(() => {
    if (open && tagsError && reported.current !== tagsError) {
      reported.current = tagsError;
      console.warn('tag filter: tags did not load', tagsError);
      toast.error(t('exams.tagFilter.loadFailed'));
    }
  }, [open, tagsError, t, toast]);

  // The result count of the draft, asked with only the id field.
  const counted = useExamCount(open ? examListQuery({ ...filters, tagIds: draft }, 'id') : null);
  const count = counted.data?.count;
  const showLabel =
    count === undefined
      ? t('exams.tagFilter.counting')
      : counted.data?.next
        ? t('exams.tagFilter.showMore', { count })
        : t('exams.tagFilter.show', { count });

  // A tag past the loaded pages is found by the server's search (debounced as the user types).
  const serverQuery = useDebounced(query.trim(), 300);
  const found = useTags(open && serverQuery !== '', serverQuery);
  const all = [...new Map([...(tags ?? []), ...found.tags].map((tag) => [tag.id, tag])).values()].sort((a, b) =>
    tagLabel(a, language, '').localeCompare(tagLabel(b, language, ''), language),
  );
  const popular = popularTags(all);
  const visible = searchTags(all, query);
  const searching = query.trim() !== '';

  const option = (tag: Tag) => {
    const on = draft.includes(tag.id);
    const locked = tag.id === requiredId;
    return (
      <button
        key={tag.id}
        type="button"
        className={form.choice}
        aria-pressed={on}
        disabled={locked}
        title={locked ? t('exams.tagFilter.required') : undefined}
        onClick={() => setDraft((ids) => toggleTagId(ids, tag.id, requiredId))}
        data-testid="tag-filter-option"
        data-tag-name={tagLabel(tag, language, '')}
      >
        {tagLabel(tag, language, t('tags.noTag'))}
        <span className={form.choiceCount}>{tag.usage_count}</span>
      </button>
    );
  };

  return (
    <Modal
      open={open}
      title={t('exams.tagFilter.title')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="tag-filter-modal"
      footer={
        <>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            onClick={() => setDraft(requiredId ? [requiredId] : [])}
            data-testid="tag-filter-clear"
          >
            {t('exams.tagFilter.clearAll')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.primary}`}
            onClick={() =>
              onApply(
                draft,
                all.filter((tag) => draft.includes(tag.id)),
              )
            }
            data-testid="tag-filter-apply"
          >
            {showLabel}
          </button>
        </>
      }
    >
      <div className={`${form.field} ${styles.tagSection}`}>
        <label className={form.label} htmlFor={searchId}>
          {t('exams.tagFilter.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className={form.input}
          value={query}
          placeholder={t('exams.tagFilter.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="tag-filter-search"
        />
      </div>
      {!searching && popular.length > 0 && (
        <section className={styles.tagSection} aria-labelledby={`${searchId}-popular`}>
          <h3 id={`${searchId}-popular`}>{t('exams.tagFilter.popular')}</h3>
          <div className={form.choices} data-testid="tag-filter-popular">
            {popular.map(option)}
          </div>
        </section>
      )}
      <section className={styles.tagSection} aria-labelledby={`${searchId}-all`}>
        <h3 id={`${searchId}-all`}>{t('exams.tagFilter.all')}</h3>
        <div className={form.choices} data-testid="tag-filter-all">
          {tags && all.length === 0 && <span className={styles.muted}>{t('exams.tagFilter.none')}</span>}
          {tags && all.length > 0 && visible.length === 0 && (
            <span className={styles.muted}>{t('exams.tagFilter.noMatch')}</span>
          )}
          {visible.map(option)}
        </div>
        <LoadMore
          hasMore={!searching && tagList.hasMore}
          loading={tagList.isLoadingMore}
          onLoadMore={tagList.loadMore}
          label={t('tags.loadMore')}
          loadingLabel={t('tags.loadingMore')}
          testId="tag-filter-load-more"
        />
      </section>
    </Modal>
  );
}
