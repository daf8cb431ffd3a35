import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_EXAM_TAGS } from '#shared/contracts/exam-schemas.js';
import { TAG_NAME_MAX, type Tag } from '#shared/contracts/tags.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { LoadMore } from '../../../components/ui/load-more/load-more.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { createTag } from '../api/create-tag.js';
import { useTagList } from '../hooks/use-tag-list.js';
import {
  newTagName,
  searchTags,
  tagLabel,
  toggleTagId,
  withRequiredTag,
  type TagEntityType,
} from '../utils/tag-utils.js';
import styles from './tags.module.css';

const SEARCH_DEBOUNCE_MS = 300;

/** What failed, as the tag manager reports it to its parent. */
export type TagFailureAction = 'load' | 'create' | 'save' | 'remove';

interface TagEditorProps {
  entityType: TagEntityType;
  initial: string[];
  requiredId: string | null;
  known: Tag[];
  language: 'ko' | 'en';
  onCancel(): void;
  onSave(ids: string[]): Promise<void>;
  onFailure(error: unknown, action: TagFailureAction, fallbackKey: string): void;
}

/**
 * The tag manager's edit mode: search the tags, pick up to the maximum, create a new one, then
 * save or cancel. The domain's required tag stays picked.
 */
export function TagEditor({
  entityType,
  initial,
  requiredId,
  known,
  language,
  onCancel,
  onSave,
  onFailure,
}: TagEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const searchId = useId();
  const newId = useId();
  const [selected, setSelected] = useState<string[]>(initial);
  const [query, setQuery] = useState('');
  // Exam tags are searched on the server (a page of the whole list would miss most), as the user types.
  const list = useTagList(entityType, true, useDebounced(query, SEARCH_DEBOUNCE_MS));
  const [draft, setDraft] = useState('');
  const [created, setCreated] = useState<Tag[]>([]);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (list.error) onFailure(list.error, 'load', 'tags.loadFailed');
    // Each failure is reported once, when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the error alone: a new onFailure identity must not report it again
  }, [list.error]);

  // Every tag the editor knows: the entity's own, the list (fresher usage counts), the ones made here.
  const all = [...new Map([...known, ...(list.tags ?? []), ...created].map((tag) => [tag.id, tag])).values()].sort(
    (a, b) => tagLabel(a, language, '').localeCompare(tagLabel(b, language, ''), language),
  );
  const visible = searchTags(all, query);
  const atMax = selected.length >= MAX_EXAM_TAGS;
  const name = newTagName(draft);

  const add = async () => {
    if (!name || pending) return;
    setPending(true);
    try {
      const tag = await createTag(name);
      setCreated((list) => [...list, tag]);
      setSelected((ids) => (ids.includes(tag.id) || ids.length >= MAX_EXAM_TAGS ? ids : [...ids, tag.id]));
      setDraft('');
      toast.success(t('tags.created', { name: tagLabel(tag, language, name) }));
    } catch (error) {
      onFailure(error, 'create', 'tags.createFailed');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.editor} data-testid="tag-editor">
      <div className={form.field}>
        <label className={form.label} htmlFor={searchId}>
          {t('tags.search')}
        </label>
        <input
          id={searchId}
          className={`${form.input} ${form.compact}`}
          type="search"
          value={query}
          placeholder={t('tags.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="tag-search"
        />
      </div>
      <div className={`${form.choices} ${styles.options}`} role="group" aria-label={t('tags.available')}>
        {list.isLoading && all.length === 0 && <span className={styles.empty}>{t('tags.loading')}</span>}
        {!list.isLoading && visible.length === 0 && <span className={styles.empty}>{t('tags.noMatch')}</span>}
        {visible.map((tag) => {
          const on = selected.includes(tag.id);
          const locked = tag.id === requiredId;
          return (
            <button
              key={tag.id}
              type="button"
              className={form.choice}
              aria-pressed={on}
              disabled={locked || (!on && atMax)}
              title={locked ? t('tags.required') : undefined}
              onClick={() => setSelected((ids) => toggleTagId(ids, tag.id, requiredId))}
              data-testid="tag-option"
              data-tag-name={tagLabel(tag, language, '')}
            >
              {tagLabel(tag, language, t('tags.noTag'))}
              {tag.usage_count > 0 && <span className={form.choiceCount}>{tag.usage_count}</span>}
            </button>
          );
        })}
      </div>
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        onLoadMore={list.loadMore}
        label={t('tags.loadMore')}
        loadingLabel={t('tags.loadingMore')}
        testId="tag-load-more"
      />
      <div className={styles.meta}>
        <span>{t('tags.selectedCount', { count: selected.length })}</span>
        {atMax && <span>{t('tags.maxReached', { max: MAX_EXAM_TAGS })}</span>}
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={newId}>
          {t('tags.newTag')}
        </label>
        <div className={styles.editorRow}>
          <input
            id={newId}
            className={`${form.input} ${form.compact}`}
            value={draft}
            maxLength={TAG_NAME_MAX}
            placeholder={t('tags.newTagPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
            data-testid="tag-new-name"
          />
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            disabled={!name || pending}
            onClick={() => void add()}
            data-testid="tag-add"
          >
            {t('tags.add')}
          </button>
        </div>
      </div>
      <div className={form.actions}>
        <button
          type="button"
          className={`${button.button} ${button.primary} ${button.small}`}
          disabled={pending}
          onClick={async () => {
            setPending(true);
            await onSave(withRequiredTag(selected, requiredId));
            setPending(false);
          }}
          data-testid="tag-save"
        >
          {t('tags.save')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.secondary} ${button.small}`}
          disabled={pending}
          onClick={onCancel}
        >
          {t('tags.cancel')}
        </button>
      </div>
    </div>
  );
}
