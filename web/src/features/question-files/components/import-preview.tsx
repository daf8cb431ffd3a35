import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMN_LABELS, type ColumnRole, type SheetReading } from '#shared/domain/question-sheet.js';
import { RichText } from '../../../components/rich-text/index.js';
import button from '../../../components/ui/button/button.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import { currentLanguage } from '../../../lib/i18n.js';
import type { PreviewSession } from '../hooks/preview-state.js';
import { wholeFileCounts } from '../utils/sheet-reading.js';
import { ColumnMapping } from './column-mapping.js';
import { ImportReport } from './import-report.js';
import { PreviewCounts } from './preview-counts.js';
import { ReadingControls } from './reading-controls.js';
import styles from './question-files.module.css';

/**
 * The preview before anything is written: how the file is read (changeable: delimiter, records,
 * quotes, encoding, header, text format), the whole file's counts and its ragged records, each
 * column's role (changeable), the first questions as they will be stored — rendered, images as
 * placeholders with their alt text and source, since only the import fetches and stores them
 * (D259) — and every warning. A change asks the preview again while the last answer stays on
 * screen. Import confirms what is shown; cancel leaves nothing imported.
 */
export function ImportPreview({
  preview,
  busy,
  onRole,
  onReading,
  onConfirm,
  onCancel,
}: {
  preview: PreviewSession;
  busy: boolean;
  onRole(index: number, role: ColumnRole): void;
  onReading(reading: SheetReading): void;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const language = currentLanguage();
  const { answer } = preview;
  const loading = preview.status === 'loading';
  const roleLabel = (role: ColumnRole) =>
    (COLUMN_LABELS as Record<string, Record<string, string>>)[role]?.[language] ??
    t(`questionFiles.preview.roles.${role}`);

  return (
    <section
      className={styles.preview}
      aria-labelledby={headingId}
      aria-busy={loading}
      data-testid="import-preview"
      data-status={preview.status}
    >
      <h3 id={headingId} className={styles.previewHeading}>
        {t('questionFiles.preview.title', { name: preview.file.name })}
      </h3>
      <ReadingControls answer={answer} reading={preview.reading} disabled={busy} onChange={onReading} />
      <PreviewCounts answer={answer} loading={loading} disabled={busy} onReading={onReading} />
      <ImportReport report={answer} />

      <ColumnMapping
        answer={answer}
        mapping={preview.mapping}
        disabled={busy || loading}
        roleLabel={roleLabel}
        onRole={onRole}
      />

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
          disabled={busy || preview.status !== 'ready'}
          onClick={onConfirm}
          data-testid="preview-confirm"
        >
          {t('questionFiles.preview.confirm', { count: wholeFileCounts(answer).questions })}
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
