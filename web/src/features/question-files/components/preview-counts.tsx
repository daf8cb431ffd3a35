import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '#shared/contracts/files.js';
import type { SheetReading } from '#shared/domain/question-sheet.js';
import button from '../../../components/ui/button/button.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { describeReading } from '../utils/reading-text.js';
import { wholeFileCounts } from '../utils/sheet-reading.js';
import { ScrollList } from './scroll-list.js';
import styles from './question-files.module.css';

/**
 * The whole file's counts (questions of records, skipped), announced politely when a new reading
 * answers; and, before anything is written, the records whose field count differs from most, with
 * the server's suggested reading when it has one (offered, applied only on the learner's click).
 */
export function PreviewCounts({
  answer,
  loading,
  disabled,
  onReading,
}: {
  answer: ImportPreview;
  loading: boolean;
  disabled: boolean;
  onReading(reading: SheetReading): void;
}) {
  const { t } = useTranslation();
  const counts = wholeFileCounts(answer);
  const summary = t('questionFiles.preview.counts.summary', {
    questions: t('questionFiles.preview.counts.questions', { count: counts.questions }),
    records: t('questionFiles.preview.counts.records', { count: counts.records }),
  });
  const skipped = counts.skipped > 0 ? ` ${t('questionFiles.preview.counts.skipped', { count: counts.skipped })}` : '';
  const { suggestion } = answer;
  return (
    <>
      {/* One polite live region: the new counts are read out once a changed reading answers. */}
      <p className={styles.reportLine} role="status" data-testid="preview-counts" data-loading={loading || undefined}>
        {loading ? t('questionFiles.preview.updating') : `${summary}${skipped}`}
      </p>
      {counts.ragged > 0 && (
        <div className={`${screen.notice} ${screen.warningNotice} ${styles.ragged}`} data-testid="preview-ragged">
          <p className={styles.reportLine}>
            <strong>
              {t('questionFiles.preview.ragged.warning', { count: counts.ragged, usual: counts.usualFields })}
            </strong>
          </p>
          {suggestion && suggestion.ragged < counts.ragged && (
            <div className={styles.suggestion}>
              <p className={styles.reportLine} data-testid="preview-suggestion">
                {t('questionFiles.preview.ragged.suggested', {
                  reading: describeReading(t, suggestion.reading),
                  questions: t('questionFiles.preview.counts.questions', { count: suggestion.questions }),
                })}
              </p>
              <button
                type="button"
                className={`${button.button} ${button.secondary}`}
                disabled={disabled}
                onClick={() => onReading(suggestion.reading)}
                data-testid="preview-use-suggestion"
              >
                {t('questionFiles.preview.ragged.useSuggestion', { count: suggestion.ragged })}
              </button>
            </div>
          )}
          {!!answer.ragged_rows?.length && (
            <ScrollList title={t('questionFiles.preview.ragged.listTitle')} testId="preview-ragged-rows">
              {answer.ragged_rows.map((row) => (
                <li key={row.line}>{t('questionFiles.preview.ragged.row', { line: row.line, count: row.fields })}</li>
              ))}
            </ScrollList>
          )}
        </div>
      )}
    </>
  );
}
