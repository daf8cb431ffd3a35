import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '#shared/contracts/files.js';
import type { SheetReading } from '#shared/domain/question-sheet.js';
import form from '../../../components/ui/form/form.module.css';
import { READING_OPTIONS, readingFieldsFor, withChoice, type ReadingField } from '../utils/sheet-reading.js';
import { readingValueText, resolvedValue } from '../utils/reading-text.js';
import styles from './question-files.module.css';

type SelectField = 'delimiter' | 'record_delimiter' | 'encoding';
type SegmentField = 'quotes' | 'header' | 'text_format';
const isSelect = (field: ReadingField): field is SelectField =>
  field === 'delimiter' || field === 'record_delimiter' || field === 'encoding';
const isSegments = (field: ReadingField): field is SegmentField => !isSelect(field);

interface ControlProps<F extends ReadingField> {
  field: F;
  answer: ImportPreview;
  reading: SheetReading;
  disabled: boolean;
  onChange(reading: SheetReading): void;
}

/** A choice among many (delimiter, records, encoding): "Detected: …" first, which leaves it to the server. */
function ReadingSelect({ field, answer, reading, disabled, onChange }: ControlProps<SelectField>) {
  const { t } = useTranslation();
  const id = useId();
  const resolved = resolvedValue(answer, field);
  const options: readonly string[] = READING_OPTIONS[field];
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {t(`questionFiles.preview.reading.labels.${field}`)}
      </label>
      <select
        id={id}
        className={form.select}
        value={reading[field] ?? ''}
        disabled={disabled}
        onChange={(event) =>
          onChange(withChoice(reading, field, (event.target.value || undefined) as SheetReading[SelectField]))
        }
        data-testid={`reading-${field}`}
      >
        <option value="">
          {resolved
            ? t('questionFiles.preview.reading.detected', { value: readingValueText(t, field, resolved) })
            : t('questionFiles.preview.reading.detect')}
        </option>
        {options.map((value) => (
          <option key={value} value={value}>
            {readingValueText(t, field, value)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A choice among three (quotes, header, text format) as a segmented switch of native radios, so
 * Tab reaches the group and the arrow keys move within it, as everywhere on the web.
 */
function ReadingSegments({ field, answer, reading, disabled, onChange }: ControlProps<SegmentField>) {
  const { t } = useTranslation();
  const labelId = useId();
  const name = useId();
  const hintId = useId();
  const resolved = resolvedValue(answer, field);
  const chosen = reading[field] ?? 'auto';
  const values = ['auto', ...READING_OPTIONS[field]];
  const detected = chosen === 'auto' && resolved && resolved !== 'auto' ? readingValueText(t, field, resolved) : null;
  return (
    <div className={`${form.field} ${form.wide}`}>
      <span className={form.label} id={labelId}>
        {t(`questionFiles.preview.reading.labels.${field}`)}
      </span>
      <div
        className={`${form.segmented} ${styles.readingSegments}`}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={detected ? hintId : undefined}
        data-testid={`reading-${field}`}
      >
        {values.map((value) => (
          <label key={value} className={`${form.segment} ${styles.readingSegment}`}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={value}
              checked={chosen === value}
              disabled={disabled}
              onChange={() => onChange(withChoice(reading, field, value as SheetReading[SegmentField]))}
              data-testid={`reading-${field}-${value}`}
            />
            {readingValueText(t, field, value)}
          </label>
        ))}
      </div>
      {detected && (
        <p id={hintId} className={form.hint} data-testid={`reading-${field}-detected`}>
          {t('questionFiles.preview.reading.detected', { value: detected })}
        </p>
      )}
    </div>
  );
}

/**
 * How the file is read, changeable: every choice the file's kind has (a text sheet all six, a
 * workbook or deck the header and the text format). A change asks the preview again.
 */
export function ReadingControls({
  answer,
  reading,
  disabled,
  onChange,
}: {
  answer: ImportPreview;
  reading: SheetReading;
  disabled: boolean;
  onChange(reading: SheetReading): void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const fields = readingFieldsFor(answer.format.kind);
  return (
    <section className={styles.reading} aria-labelledby={headingId} data-testid="reading-controls">
      <h4 id={headingId} className={styles.reportHeading}>
        {t('questionFiles.preview.reading.title')}
      </h4>
      <p className={form.hint}>{t('questionFiles.preview.reading.hint')}</p>
      {/* The selects share a grid; each three-way switch takes a whole row, so its segments never wrap. */}
      <div className={form.fieldGrid}>
        {fields.filter(isSelect).map((field) => (
          <ReadingSelect
            key={field}
            field={field}
            answer={answer}
            reading={reading}
            disabled={disabled}
            onChange={onChange}
          />
        ))}
        {fields.filter(isSegments).map((field) => (
          <ReadingSegments
            key={field}
            field={field}
            answer={answer}
            reading={reading}
            disabled={disabled}
            onChange={onChange}
          />
        ))}
      </div>
    </section>
  );
}
