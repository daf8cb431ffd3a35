import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMN_LABELS, COLUMN_ROLES, type ColumnRole } from '#shared/domain/question-sheet.js';
import { RichText } from '../../../components/rich-text/index.js';
import button from '../../../components/ui/button/button.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import { currentLanguage } from '../../../lib/i18n.js';
import type { PendingPreview } from '../hooks/use-file-upload.js';
import { ImportReport } from './import-report.js';
import styles from './question-files.module.css';

/**
 * The preview before anything is written: how the file was read, each column's role (changeable:
 * a question field, a choice, kept as explanation, ignored), the first questions as they will be
 * stored — rendered, images as placeholders with their alt text and source, since only the import
 * fetches and stores them (D259) — and every warning. Import confirms; cancel leaves nothing imported.
 */
export function ImportPreview({
  preview,
  busy,
  onRole,
  onConfirm,
  onCancel,
}: {
  preview: PendingPreview;
  busy: boolean;
  onRole(index: number, role: ColumnRole): void;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const language = currentLanguage();
  const { answer } = preview;
  const roleLabel = (role: ColumnRole) =>
    (COLUMN_LABELS as Record<string, Record<string, string>>)[role]?.[language] ??
    t(`questionFiles.preview.roles.${role}`);
  const columnName = (name: string, index: number) =>
    name || t('questionFiles.preview.columnNumber', { number: index + 1 });

  return (
    <section className={styles.preview} aria-labelledby={headingId} data-testid="import-preview">
      <h3 id={headingId} className={styles.previewHeading}>
        {t('questionFiles.preview.title', { name: preview.file.name })}
      </h3>
      <ImportReport report={answer} />
      {answer.sample && (
        <p className={styles.reportLine} data-testid="preview-sample">
          {t('questionFiles.report.sample', {
            read: Math.round(answer.sample.bytes_read / 1024),
            total: Math.round(answer.sample.file_bytes / 1024),
          })}
        </p>
      )}
      <p className={styles.reportLine} data-testid="preview-stats">
        {t('questionFiles.preview.stats', {
          total: answer.stats.total_rows,
          imported: answer.stats.imported,
          skipped: answer.stats.skipped,
        })}
      </p>

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
                    value={preview.mapping[index] ?? column.role}
                    disabled={busy || preview.updating}
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

      {preview.error && (
        <p className={form.error} role="alert" data-testid="preview-error">
          {preview.error}
        </p>
      )}

      <h4 className={styles.reportHeading}>{t('questionFiles.preview.rows')}</h4>
      {answer.rows.some((row) => row.format === 'markdown') && (
        <p className={styles.reportLine} data-testid="preview-images-note">
          {t('questionFiles.preview.imagesOnImport')}
        </p>
      )}
      <div
        className={styles.formatWrap}
        data-scroll-x
        tabIndex={0}
        role="region"
        aria-label={t('questionFiles.preview.rows')}
      >
        <table className={`${dataTable.table} ${styles.formatTable} ${styles.previewRows}`} data-testid="preview-rows">
          <thead>
            <tr>
              <th scope="col">{t('questionFiles.preview.line')}</th>
              <th scope="col">{roleLabel('content')}</th>
              <th scope="col">{roleLabel('answer')}</th>
              <th scope="col">{roleLabel('explanation')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                {([row.content, row.answer, row.explanation] as const).map((text, i) => (
                  <td key={i}>
                    <RichText text={text} format={row.format} imagePlaceholders />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className={form.actions}>
        <button
          type="button"
          className={`${button.button} ${button.primary}`}
          disabled={busy || preview.updating || Boolean(preview.error)}
          onClick={onConfirm}
          data-testid="preview-confirm"
        >
          {t('questionFiles.preview.confirm', { count: answer.stats.imported })}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          disabled={busy}
          onClick={onCancel}
          data-testid="preview-cancel"
        >
          {t('questionFiles.preview.cancel')}
        </button>
      </div>
    </section>
  );
}
