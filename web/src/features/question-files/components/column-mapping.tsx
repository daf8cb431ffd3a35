import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '#shared/contracts/files.js';
import { COLUMN_ROLES, type ColumnRole } from '#shared/domain/question-sheet.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import styles from './question-files.module.css';

/** Each column of the file with its role, changeable (a question field, a choice, kept as explanation, ignored). */
export function ColumnMapping({
  answer,
  mapping,
  disabled,
  roleLabel,
  onRole,
}: {
  answer: ImportPreview;
  mapping: ColumnRole[];
  disabled: boolean;
  roleLabel(role: ColumnRole): string;
  onRole(index: number, role: ColumnRole): void;
}) {
  const { t } = useTranslation();
  const columnName = (name: string, index: number) =>
    name || t('questionFiles.preview.columnNumber', { number: index + 1 });
  return (
    <>
      <h4 className={styles.reportHeading}>{t('questionFiles.preview.columns')}</h4>
      {/* A wide table scrolls inside its frame, which the keyboard can reach (axe: scrollable-region-focusable). */}
      <div
        className={styles.formatWrap}
        data-scroll-x
        tabIndex={0}
        role="region"
        aria-label={t('questionFiles.preview.columns')}
      >
        <table className={`${dataTable.table} ${styles.formatTable}`} data-testid="preview-columns">
          <thead>
            <tr>
              <th scope="col">{t('questionFiles.preview.column')}</th>
              <th scope="col">{t('questionFiles.preview.role')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.columns.map((column, index) => (
              <tr key={index}>
                <th scope="row">{columnName(column.name, index)}</th>
                <td>
                  <select
                    className={form.select}
                    value={mapping[index] ?? column.role}
                    disabled={disabled}
                    aria-label={t('questionFiles.preview.roleOf', { column: columnName(column.name, index) })}
                    onChange={(event) => onRole(index, event.target.value as ColumnRole)}
                    data-testid={`preview-role-${index}`}
                  >
                    {COLUMN_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {roleLabel(role)}
                        {role === column.proposed ? ` (${t('questionFiles.preview.proposed')})` : ''}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
