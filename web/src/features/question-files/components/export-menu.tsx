import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/domain/question-sheet.js';
import button from '../../../components/ui/button/button.module.css';
import styles from './export-menu.module.css';

interface Props {
  onExport(format: ExportFormat): void;
  /** Smaller summary button (a table row). */
  small?: boolean;
  testId?: string;
}

/** "Export" with one item per format (xlsx, csv, Anki txt): learners take their questions anywhere (issue 24). */
export function ExportMenu({ onExport, small, testId = 'export-menu' }: Props) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details className={styles.menu} ref={details} data-testid={testId}>
      <summary className={`${button.button} ${button.secondary}${small ? ` ${button.small}` : ''}`}>
        {t('questionFiles.export.label')}
      </summary>
      <div className={styles.items}>
        {EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className={styles.item}
            data-testid={`${testId}-${format}`}
            onClick={() => {
              details.current?.removeAttribute('open');
              onExport(format);
            }}
          >
            {t(`questionFiles.export.${format}`)}
          </button>
        ))}
      </div>
    </details>
  );
}
