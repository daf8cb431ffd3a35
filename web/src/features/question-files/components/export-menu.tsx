import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/domain/question-sheet.js';
import form from '../../../components/ui/form/form.module.css';
import styles from './export-menu.module.css';

interface Props {
  onExport(format: ExportFormat): void;
  /** Smaller control (a table row). */
  small?: boolean;
  testId?: string;
}

/**
 * "Export…" with one choice per format (xlsx, csv, Anki txt): learners take their questions
 * anywhere (issue 24). A native select: its list is never clipped by a scrolling table or a phone
 * screen, and the keyboard and screen readers know it.
 */
export function ExportMenu({ onExport, small, testId = 'export-menu' }: Props) {
  const { t } = useTranslation();
  return (
    <select
      className={`${form.select}${small ? ` ${form.compact}` : ''} ${styles.menu}`}
      value=""
      aria-label={t('questionFiles.export.label')}
      data-testid={testId}
      onChange={(event) => {
        const format = event.target.value as ExportFormat;
        if ((EXPORT_FORMATS as readonly string[]).includes(format)) onExport(format);
      }}
    >
      <option value="" disabled>
        {t('questionFiles.export.placeholder')}
      </option>
      {EXPORT_FORMATS.map((format) => (
        <option key={format} value={format}>
          {t(`questionFiles.export.${format}`)}
        </option>
      ))}
    </select>
  );
}
