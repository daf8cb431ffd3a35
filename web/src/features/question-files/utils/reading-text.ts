import type { TFunction } from 'i18next';
import type { ImportPreview } from '#shared/contracts/files.js';
import type { SheetEncoding, SheetReading } from '#shared/domain/question-sheet.js';
import { READING_FIELDS, type ReadingField } from './sheet-reading.js';
import { delimiterKey, encodingLabel, readingValueKey } from './sheet-format-labels.js';

/** A value of a reading choice in words: "comma (,)", "UTF-16 LE", "As text". */
export function readingValueText(t: TFunction, field: ReadingField, value: string): string {
  if (field === 'delimiter' || field === 'record_delimiter') {
    const key = delimiterKey(value);
    return key ? t(key) : `"${value}"`;
  }
  if (field === 'encoding') return encodingLabel(value as SheetEncoding);
  return t(readingValueKey(field, value));
}

/**
 * What the server read each choice as, where it says so: the answer's resolved reading, else
 * (a server without it) the format the report describes. Null: not known.
 */
export function resolvedValue(answer: ImportPreview, field: ReadingField): string | null {
  const resolved = answer.reading;
  switch (field) {
    case 'delimiter':
      return resolved?.delimiter ?? answer.format.delimiter;
    case 'record_delimiter':
      return resolved?.record_delimiter ?? answer.format.record_delimiter;
    case 'encoding':
      return resolved?.encoding ?? answer.format.encoding;
    case 'header':
      return resolved?.header ?? (answer.headerless ? 'no' : 'yes');
    case 'quotes':
      return resolved?.quotes ?? null;
    case 'text_format':
      return resolved?.text_format ?? null;
  }
}

/** A reading as one line, "Cell delimiter: tab · Quotes: As text", naming only the choices it makes. */
export function describeReading(t: TFunction, reading: SheetReading): string {
  return READING_FIELDS.filter((field) => reading[field] !== undefined)
    .map(
      (field) =>
        `${t(`questionFiles.preview.reading.labels.${field}`)}: ${readingValueText(t, field, String(reading[field]))}`,
    )
    .join(' · ');
}
