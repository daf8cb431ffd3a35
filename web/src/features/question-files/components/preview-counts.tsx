import { useRef } from 'react';
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
  const countsRef = useRef<HTMLParagraphElement>(null);
  const rows = answer.ragged_rows ?? [];
  // The button goes away with the answer it came from: the focus moves to the counts it changes.
  const applySuggestion = (reading: SheetReading) => {
    onReading(reading);
    countsRef.current?.focus();
  };
  return (
    <>
      {/* One polite live region: the new counts are read out once a changed reading answers. */}
      <p
        ref={countsRef}
        className={styles.reportLine}
        role="status"
        tabIndex={-1}
        data-testid="preview-counts"
        data-loading={loading || undefined}
      >
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
                onClick={() => applySuggestion(suggestion.reading)}
                data-testid="preview-use-suggestion"
              >
                {t('questionFiles.preview.ragged.useSuggestion', { count: suggestion.ragged })}
              </button>
            </div>
          )}
          {rows.length > 0 && (
            <ScrollList title={t('questionFiles.preview.ragged.listTitle')} testId="preview-ragged-rows">
              {rows.map((row) => (
                <li key={row.line}>{t('questionFiles.preview.ragged.row', { line: row.line, count: row.fields })}</li>
              ))}
              {counts.ragged > rows.length && (
                <li>{t('questionFiles.preview.ragged.more', { count: counts.ragged - rows.length })}</li>
              )}
            </ScrollList>
          )}
        </div>
      )}
    </>
  );
}
