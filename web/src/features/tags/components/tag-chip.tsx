import { useTranslation } from 'react-i18next';
import type { Tag } from '#shared/contracts/tags.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { tagLabel } from '../utils/tag-utils.js';
import styles from './tags.module.css';

interface TagChipProps {
  tag: Pick<Tag, 'id' | 'name_ko' | 'name_en'>;
  /** The special domain's tag: shown, never removable. */
  required?: boolean;
  onRemove?(): void;
  removing?: boolean;
}

/** One tag as a pill, optionally with a remove button. */
export function TagChip({ tag, required, onRemove, removing }: TagChipProps) {
  const { t } = useTranslation();
  const label = tagLabel(tag, currentLanguage(), t('tags.noTag'));
  return (
    <span
      className={`${styles.chip} ${required ? styles.chipRequired : ''}`}
      data-testid="tag-chip"
      data-tag-id={tag.id}
      title={required ? t('tags.required') : label}
    >
      {required && (
        <span className={styles.lock} aria-hidden="true">
          ●
        </span>
      )}
      <span className={styles.chipLabel}>{label}</span>
      {onRemove && !required && (
        <button
          type="button"
          className={styles.chipRemove}
          onClick={onRemove}
          disabled={removing}
          aria-label={t('tags.remove', { name: label })}
          data-testid="tag-remove"
        >
          ×
        </button>
      )}
    </span>
  );
}
