import { useTranslation } from 'react-i18next';
import type { ImportReport as Report } from '#shared/contracts/files.js';
import { delimiterKey, encodingLabel } from '../utils/sheet-format-labels.js';
import { ScrollList } from './scroll-list.js';
import styles from './question-files.module.css';

/** What the import did besides the questions: how the file was read, the rows not imported, the columns kept, the repairs. */
export function ImportReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { format } = report;
  const delimiterText = (delimiter: string) => {
    const key = delimiterKey(delimiter);
    return key ? t(key) : `"${delimiter}"`;
  };
  const quiz = format.source === 'gift' || format.source === 'aiken' || format.source === 'moodle_xml';
  const read = quiz
    ? t('questionFiles.report.readQuiz', {
        name: t(`questionFiles.report.quizNames.${format.source}`),
        extension: format.extension,
      })
    : format.kind === 'package'
      ? t('questionFiles.report.readPackage', { count: report.deck?.notes ?? 0 })
      : format.kind === 'workbook'
        ? t('questionFiles.report.readWorkbook', { extension: format.extension })
        : t('questionFiles.report.readText', {
            extension: format.extension,
            encoding: format.encoding ? encodingLabel(format.encoding) : '-',
            delimiter: format.delimiter ? delimiterText(format.delimiter) : '-',
            records: format.record_delimiter ? delimiterText(format.record_delimiter) : '-',
          });
  return (
    <div className={styles.report} data-testid="import-report">
      <p className={styles.reportLine} data-testid="import-report-format">
        {read}
        {format.source === 'anki' && ` ${t('questionFiles.report.anki')}`}
        {report.headerless && ` ${t('questionFiles.report.headerless')}`}
      </p>
      {!!report.deck?.cloze_skipped && (
        <p className={styles.reportLine} data-testid="import-report-cloze">
          {t('questionFiles.report.clozeSkipped', { count: report.deck.cloze_skipped })}
        </p>
      )}
      {!!report.types_skipped?.length && (
        <p className={styles.reportLine} data-testid="import-report-types-skipped">
          {t('questionFiles.report.typesSkipped', {
            types: report.types_skipped.map((s) => t('questionFiles.report.typeCount', s)).join(', '),
          })}
        </p>
      )}
      {!!report.deck?.media_skipped.length && (
        <p className={styles.reportLine} data-testid="import-report-media">
          {t('questionFiles.report.mediaSkipped', { names: report.deck.media_skipped.join(', ') })}
        </p>
      )}
      {!!report.images?.stored && (
        <p className={styles.reportLine} data-testid="import-report-images">
          {t('questionFiles.report.imagesStored', { count: report.images.stored })}
        </p>
      )}
      {!!report.images?.warnings.length && (
        <ScrollList title={t('questionFiles.report.imageWarningsTitle')} testId="import-report-image-warnings">
          {report.images.warnings.map((warning) => (
            <li key={`${warning.line}-${warning.name}`}>
              {t(`questionFiles.report.imageWarnings.${warning.code}`, {
                line: warning.line,
                name: warning.name,
                defaultValue: `${warning.line}: ${warning.name} (${warning.code})`,
              })}
            </li>
          ))}
        </ScrollList>
      )}
      {report.extra_columns.length > 0 && (
        <p className={styles.reportLine} data-testid="import-report-extra">
          {t('questionFiles.report.extraColumns', { names: report.extra_columns.join(', ') })}
        </p>
      )}
      {report.ignored_columns.length > 0 && (
        <p className={styles.reportLine} data-testid="import-report-ignored">
          {t('questionFiles.report.ignoredColumns', { names: report.ignored_columns.join(', ') })}
        </p>
      )}
      {report.skipped_rows.length > 0 && (
        <ScrollList title={t('questionFiles.report.skippedTitle')} testId="import-report-skipped">
          {report.skipped_rows.map((row) => (
            <li key={`${row.line}-${row.reason}`}>
              {t(`questionFiles.report.reasons.${row.reason}`, {
                line: row.line,
                column: row.column ?? '',
                type: row.type ?? '',
              })}
            </li>
          ))}
        </ScrollList>
      )}
      {report.repairs.length > 0 && (
        <ScrollList title={t('questionFiles.report.repairsTitle')} testId="import-report-repairs">
          {report.repairs.map((repair) => (
            <li key={`${repair.line}-${repair.kind}`}>
              {t(`questionFiles.report.repairs.${repair.kind}`, { line: repair.line })}
            </li>
          ))}
        </ScrollList>
      )}
    </div>
  );
}
