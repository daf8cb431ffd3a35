/**
 * Whether a sheet's first row is a header by its shape, in any language: short, unique, non-empty
 * labels unlike the data below them. Used when the row names no column the importer knows.
 */

/** Data rows the first row is compared with. */
const COMPARED_ROWS = 200;
/** A label longer than this, or of more words, is data, not a column name. */
const MAX_LABEL_CHARS = 40;
const MAX_LABEL_WORDS = 3;

const text = (cell: unknown) => String(cell ?? '').trim();
const fold = (cell: string) => cell.normalize('NFKC').toLowerCase();
const DIGITS = /^[\d\s.,:/+-]+$/;
const HAS_LETTER = /\p{L}/u;
/** Letters of a script other than Latin (Hangul, Han, Kana, Cyrillic, …). */
const NON_LATIN = /[^\P{L}\p{Script=Latin}]/u;

/** `respuesta_correcta`, `question_id`: words joined by underscores, as programs name columns. */
const IDENTIFIER = /^[\p{L}\d]+(?:_[\p{L}\d]+)+$/u;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * True when `first` reads as column names over `rows`: every label of the used columns is present,
 * short, has a letter, appears once in the row and never in its column's data; and at least one
 * column tells it apart — the label is a program's identifier (`respuesta_correcta`), its data are
 * numbers where the label is not, the label is much shorter than the column's data, or the label is
 * Latin where the data are another script.
 */
export function looksLikeHeader(first: readonly unknown[], rows: readonly (readonly unknown[])[]): boolean {
  const labels = first.map(text);
  while (labels.length > 0 && labels.at(-1) === '') labels.pop();
  if (labels.length < 2) return false;
  const data = rows.slice(0, COMPARED_ROWS);
  if (data.length === 0) return false;
  const folded = labels.map(fold);
  if (new Set(folded).size !== folded.length) return false;
  let distinct = false;
  for (let c = 0; c < labels.length; c++) {
    const label = labels[c]!;
    if (
      label === '' ||
      label.length > MAX_LABEL_CHARS ||
      label.split(/\s+/).length > MAX_LABEL_WORDS ||
      /[\r\n]/.test(label) ||
      !HAS_LETTER.test(label)
    )
      return false;
    const column = data.map((row) => text(row[c])).filter((cell) => cell !== '');
    if (column.length === 0) continue;
    if (column.some((cell) => fold(cell) === folded[c])) return false;
    const numbers = column.filter((cell) => DIGITS.test(cell)).length;
    const otherScript = column.filter((cell) => NON_LATIN.test(cell)).length;
    if (
      IDENTIFIER.test(label) ||
      numbers >= column.length * 0.8 ||
      label.length * 3 <= median(column.map((cell) => cell.length)) ||
      (!NON_LATIN.test(label) && otherScript >= column.length * 0.8)
    )
      distinct = true;
  }
  return distinct;
}
