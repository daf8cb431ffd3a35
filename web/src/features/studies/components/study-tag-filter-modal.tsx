import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '#shared/contracts/tags.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { currentLanguage } from '../../../lib/i18n.js';
import { tagLabel, toggleTagId } from '../../tags/index.js';
import styles from './studies.module.css';

interface Props {
  open: boolean;
  tags: Tag[] | undefined;
  chosen: readonly string[];
  /** The special domain's tag: always chosen. */
  requiredId: string | null;
  onApply(tagIds: string[]): void;
  onClose(): void;
}

/** docs/product.md#study-list: filter the study list by tags (the server keeps studies carrying any chosen tag). */
export function StudyTagFilterModal({ open, tags, chosen, requiredId, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState<string[]>([...chosen]);

  useEffect(() => {
    if (open) setDraft([...chosen]);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- the draft starts from the filter of the moment the modal opens

  const sorted = [...(tags ?? [])].sort((a, b) =>
    tagLabel(a, language, '').localeCompare(tagLabel(b, language, ''), language),
  );

  return (
    <Modal
      open={open}
      title={t('studies.filters.tagModalTitle')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="study-tag-filter-modal"
      footer={
        <>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            onClick={() => setDraft(requiredId ? [requiredId] : [])}
          >
            {t('studies.filters.clearTags')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.primary}`}
            onClick={() => onApply(draft)}
            data-testid="study-tag-filter-apply"
          >
            {t('studies.filters.apply')}
          </button>
        </>
      }
    >
      <div className={styles.tagOptions}>
        {tags && sorted.length === 0 && <span className={screen.muted}>{t('studies.filters.noTags')}</span>}
        {sorted.map((tag) => (
          <label key={tag.id} className={styles.tagOption}>
            <input
              type="checkbox"
              className={form.checkbox}
              checked={draft.includes(tag.id)}
              disabled={tag.id === requiredId}
              onChange={() => setDraft((ids) => toggleTagId(ids, tag.id, requiredId))}
            />
            {tagLabel(tag, language, t('tags.noTag'))}
          </label>
        ))}
      </div>
    </Modal>
  );
}
