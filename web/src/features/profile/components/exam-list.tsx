import { useTranslation } from 'react-i18next';
import form from '../../../components/ui/form/form.module.css';
import styles from './exam-lists.module.css';

export interface ExamListItem {
  id: string;
  title: string;
  totalQuestions: number | undefined;
}

interface Props {
  title: string;
  items: ExamListItem[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(select: boolean): void;
  loading: boolean;
  errorText: string | null;
  emptyText: string;
  testId: string;
}

/** One of the two exam lists of the profile: a titled box of checkable rows. */
export function ExamList({
  title,
  items,
  selected,
  onToggle,
  onToggleAll,
  loading,
  errorText,
  emptyText,
  testId,
}: Props) {
  const { t } = useTranslation();
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <div className={styles.list} data-testid={testId}>
      <div className={styles.listHeader}>
        <label className={styles.listTitle}>
          <input
            type="checkbox"
            className={form.checkbox}
            checked={allSelected}
            disabled={items.length === 0}
            onChange={(event) => onToggleAll(event.target.checked)}
            aria-label={title}
          />
          <span>{title}</span>
          <span className={styles.count}>{items.length}</span>
        </label>
        {selected.size > 0 && (
          <span className={styles.selected}>{t('profile.exams.selectedCount', { count: selected.size })}</span>
        )}
      </div>
      <div className={styles.body}>
        {loading && <p className={styles.empty}>{t('profile.exams.loading')}</p>}
        {!loading && errorText && (
          <p className={`${styles.empty} ${form.error}`} role="alert">
            {errorText}
          </p>
        )}
        {!loading && !errorText && items.length === 0 && <p className={styles.empty}>{emptyText}</p>}
        {!loading && !errorText && items.length > 0 && (
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={item.id}>
                <label className={`${styles.item} ${selected.has(item.id) ? styles.itemSelected : ''}`}>
                  <input
                    type="checkbox"
                    className={form.checkbox}
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item.id)}
                  />
                  <span className={styles.itemTitle}>{item.title}</span>
                  {item.totalQuestions !== undefined && (
                    <span className={styles.itemMeta}>
                      {t('profile.exams.questions', { count: item.totalQuestions })}
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
