import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '#shared/contracts/tags.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useDomainTag } from '../api/get-tags.js';
import { isTagEntityType, withRequiredTag, type TagEntityType } from '../utils/tag-utils.js';
import { TagChip } from './tag-chip.js';
import { TagEditor, type TagFailureAction } from './tag-editor.js';
import styles from './tags.module.css';

export interface TagManagerProps {
  entityType: TagEntityType;
  /** The entity's tags as saved. */
  tags: Tag[];
  /** Whether the parent screen allows editing (docs/product.md#roles); without it the chips are read-only. */
  canEdit: boolean;
  /** Saves the entity's tag ids (PATCH) and answers the tags as saved. */
  save(tagIds: string[]): Promise<Tag[]>;
  onSaved?(tags: Tag[]): void;
  /** Failures are emitted to the parent (docs/product.md#errors); without a handler the manager shows a toast. */
  onError?(error: unknown, action: TagFailureAction): void;
  testId?: string;
}

/**
 * The tag manager of docs/product.md#tags, #roles, #errors: view mode (chips; removing one saves at once), edit mode
 * (search, pick, create) and save or cancel. On a special domain its default tag is applied
 * and cannot be removed or deselected.
 */
export function TagManager({ entityType, tags, canEdit, save, onSaved, onError, testId }: TagManagerProps) {
  if (!isTagEntityType(entityType))
    throw new Error(`tag manager: entity type must be exam or study, not ${String(entityType)}`);
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const domainTag = useDomainTag();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [current, setCurrent] = useState<Tag[]>(tags);

  useEffect(() => setCurrent(tags), [tags]);

  const fail = (error: unknown, action: TagFailureAction, fallbackKey: string) => {
    console.warn(`tag manager: ${action} failed`, error);
    if (onError) onError(error, action);
    else toast.error(serverDetailOr(error, t, t(fallbackKey)));
  };

  const remove = async (tag: Tag) => {
    setRemoving(tag.id);
    try {
      const saved = await save(
        withRequiredTag(
          current.filter((x) => x.id !== tag.id).map((x) => x.id),
          domainTag?.id,
        ),
      );
      setCurrent(saved);
      onSaved?.(saved);
      toast.success(t('tags.removed'));
    } catch (error) {
      fail(error, 'remove', 'tags.removeFailed');
    } finally {
      setRemoving(null);
    }
  };

  const shown = current;

  return (
    <div className={styles.manager} data-testid={testId ?? 'tag-manager'} data-editing={editing || undefined}>
      <div className={styles.chips}>
        {shown.map((tag) => (
          <TagChip
            key={tag.id}
            tag={tag}
            required={tag.id === domainTag?.id}
            onRemove={canEdit && !editing ? () => void remove(tag) : undefined}
            removing={removing === tag.id}
          />
        ))}
        {shown.length === 0 && !canEdit && <span className={styles.empty}>{t('tags.none')}</span>}
        {canEdit && !editing && (
          <button
            type="button"
            className={styles.manageButton}
            onClick={() => setEditing(true)}
            data-testid="tag-manage"
          >
            + {t('tags.manage')}
          </button>
        )}
      </div>
      {canEdit && editing && (
        <TagEditor
          entityType={entityType}
          initial={withRequiredTag(
            current.map((tag) => tag.id),
            domainTag?.id,
          )}
          requiredId={domainTag?.id ?? null}
          known={current}
          language={language}
          onCancel={() => setEditing(false)}
          onSave={async (ids) => {
            try {
              const saved = await save(ids);
              setCurrent(saved);
              onSaved?.(saved);
              setEditing(false);
              toast.success(t('tags.updated'));
            } catch (error) {
              fail(error, 'save', 'tags.saveFailed');
            }
          }}
          onFailure={fail}
        />
      )}
    </div>
  );
}
