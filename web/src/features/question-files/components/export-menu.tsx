import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/domain/question-sheet.js';
import form from '../../../components/ui/form/form.module.css';
import styles from './export-menu.module.css';

interface Props {
  onExport(format: ExportFormat): void;
  /** Offers the file as it was uploaded too (a question file's row), first in the list. */
  onOriginal?: () => void;
  /** The control's name; "Export" when absent. */
  label?: string;
  /** Smaller control (a table row). */
  small?: boolean;
  /** A background export is being built (D198): the control waits, saying so. */
  preparing?: boolean;
  testId?: string;
}

/**
 * Downloads the questions as xlsx, csv or Anki txt (and, for a file, the original upload):
 * learners take their questions anywhere. A native select: its list is never clipped by
 * a scrolling table or a phone screen, and the keyboard and screen readers know it.
 */
export function ExportMenu({ onExport, onOriginal, label, small, preparing, testId = 'export-menu' }: Props) {
  const { t } = useTranslation();
  const name = label ?? t('questionFiles.export.label');
  return (
    <select
      className={`${form.select}${small ? ` ${form.compact} ${styles.small}` : ''} ${styles.menu}`}
      value=""
      aria-label={name}
      aria-busy={preparing}
      disabled={preparing}
      data-testid={testId}
      onChange={(event) => {
        const value = event.target.value;
        if (value === 'original') onOriginal?.();
        else if ((EXPORT_FORMATS as readonly string[]).includes(value)) onExport(value as ExportFormat);
      }}
    >
      <option value="" disabled>
        {preparing ? t('questionFiles.export.preparing') : `${name}…`}
      </option>
      {onOriginal && <option value="original">{t('questionFiles.export.original')}</option>}
      {EXPORT_FORMATS.map((format) => (
        <option key={format} value={format}>
          {t(`questionFiles.export.${format}`)}
        </option>
      ))}
    </select>
  );
}
