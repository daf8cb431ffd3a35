import { normalizeDifficulty } from './difficulty.js';
import { QUESTION_COLUMNS, type ColumnRole, type QuestionColumn } from './question-sheet-columns.js';
import { QUESTION_SHEET_LIMITS, type SheetTextFormat } from './question-sheet-format.js';
import type { SheetQuestion } from './question-sheet-rows.js';
import { escapeMarkdown, isEscapedPlain, looksLikeMarkdown } from './markdown-detect.js';
import { cleanUrl } from './question-url.js';
import { shortTitle } from './question-title.js';
import { plainText, type TextFormat } from './rich-text.js';
import { mapClozeTexts } from './cloze.js';
import { clozeCards } from './question-sheet-cloze.js';
import { choiceAnswer, contentWithChoices, splitOptionsCell, withoutMarks } from './question-sheet-choices.js';

/**
 * One accepted row's texts composed into what is stored: the text format of its cells, the question
 * with its choices, the explanation with the columns kept as `Name: value`, and the question (or a
 * cloze note's cards) made from them. Which rows are accepted, and the counts, are question-sheet-rows.ts.
 */

/**
 * A title from the question when the sheet has none: its first words (shortTitle, D281), so a
 * headerless card does not repeat its whole question as its title.
 */
export function titleFromContent(content: string): string {
  return shortTitle(content);
}

/**
 * Columns that never make a question Markdown: codes, the (plain) title, ignored cells, and the
 * choices, which are read once split.
 */
const QUIET_ROLES = new Set<ColumnRole>([
  'csv_id',
  'difficulty',
  'url',
  'group_id',
  'title',
  'ignore',
  'option',
  'options',
]);

const isFieldRole = (role: ColumnRole): role is QuestionColumn =>
  (QUESTION_COLUMNS as readonly string[]).includes(role);

/**
 * A question's text format and the form each of its cells is stored in. `plain` and `markdown` take
 * every cell as it is; `auto` makes the question Markdown when one of its cells holds what only
 * Markdown means, and then escapes its other cells so they show as typed.
 */
export function questionTextFormat(cells: readonly string[], mode: SheetTextFormat = 'auto') {
  if (mode !== 'auto') return { format: mode as TextFormat, stored: (text: string) => text };
  // Images are the image pipeline's: a stored one makes its question Markdown, a refused one leaves its alt text.
  const markdown = cells.some((cell) => looksLikeMarkdown(cell, { images: false }));
  // A cell already escaped (a Markdown question exported and imported again) is not escaped twice.
  const stored = (text: string) =>
    markdown && !looksLikeMarkdown(text) && !isEscapedPlain(text) ? escapeMarkdown(text) : text;
  return { format: (markdown ? 'markdown' : 'plain') as TextFormat, stored };
}

/** The sheet's columns as each row reads them: their roles and names, and where the choices are. */
export interface RowLayout {
  roles: readonly ColumnRole[];
  names: readonly string[];
  /** The option columns in choice order, and the options cell's column (-1 without one). */
  optionIndexes: readonly number[];
  optionsCell: number;
}

/** A kept question with its file line. */
export type QuestionAtLine = SheetQuestion & { line: number };

/** The text of a field's (first) column in the row; blank when the sheet has no such column. */
export function fieldText(texts: readonly string[], roles: readonly ColumnRole[], column: QuestionColumn): string {
  const index = roles.indexOf(column);
  return index < 0 ? '' : (texts[index] ?? '');
}

export type RowField = (column: QuestionColumn) => string;
export type ComposedRow = ReturnType<typeof composeRow>;

/**
 * A row's texts as stored: its format (questionTextFormat), the question with its choices, and the
 * explanation followed by the columns kept as `Name: value` (their indexes added to `extraUsed`).
 */
export function composeRow(
  texts: readonly string[],
  layout: RowLayout,
  textFormat: SheetTextFormat | undefined,
  extraUsed: Set<number>,
) {
  const { roles, optionIndexes, optionsCell } = layout;
  const allOptions = [
    ...withoutMarks(optionIndexes.map((c) => texts[c] ?? '').filter(Boolean)),
    ...(optionsCell >= 0 ? splitOptionsCell(texts[optionsCell] ?? '') : []),
  ];
  const options = allOptions.slice(0, QUESTION_SHEET_LIMITS.maxChoices);
  const textCells = texts.filter((_, c) => !QUIET_ROLES.has(roles[c] ?? 'extra'));
  const { format, stored } = questionTextFormat([...textCells, ...allOptions], textFormat);
  const { explanation, extras } = explanationParts(texts, layout, stored, extraUsed);
  // Choices past the limit stay with the question, in its explanation.
  const mark = format === 'markdown' ? '\\)' : ')';
  allOptions.slice(options.length).forEach((o, k) => extras.push(`${options.length + k + 1}${mark} ${stored(o)}`));
  const contentCell = fieldText(texts, roles, 'content');
  return {
    format,
    stored,
    options,
    contentCell,
    content: contentWithChoices(stored(contentCell), options.map(stored)),
    explanation: [...explanation, ...extras].join('\n'),
  };
}

/**
 * The row's explanation texts, and apart from them the columns it keeps as `Name: value` (an extra
 * column, or a second column of a field), both in column order; the kept columns go to `extraUsed`.
 */
function explanationParts(
  texts: readonly string[],
  { roles, names }: RowLayout,
  stored: (text: string) => string,
  extraUsed: Set<number>,
) {
  const explanation: string[] = [];
  const extras: string[] = [];
  for (let c = 0; c < Math.max(texts.length, roles.length); c++) {
    const role = roles[c] ?? 'extra';
    const text = texts[c] ?? '';
    if (text === '') continue;
    if (role === 'explanation' && (!names[c] || roles.indexOf('explanation') === c || !isFieldRole(role)))
      explanation.push(stored(text));
    else if (role === 'extra' || (isFieldRole(role) && roles.indexOf(role) !== c)) {
      extraUsed.add(c);
      extras.push(names[c] ? `${stored(names[c] ?? '')}: ${stored(text)}` : stored(text));
    }
  }
  return { explanation, extras };
}

/** A cloze row's cards (D366); its answer column, when filled, leads the explanation every card keeps. */
export function clozeRowCards(line: number, field: RowField, answerText: string, row: ComposedRow): QuestionAtLine[] {
  const base = {
    line,
    csv_id: field('csv_id'),
    title: field('title'),
    difficulty: normalizeDifficulty(field('difficulty')),
    url: cleanUrl(field('url')),
    group_id: field('group_id'),
  };
  const extra =
    answerText === '' ? row.explanation : [row.stored(answerText), row.explanation].filter(Boolean).join('\n');
  return clozeCards(base, mapClozeTexts(row.contentCell, row.stored), extra, row.format);
}

/** A plain row's question: an answer naming a choice becomes its number, a blank title the question's first words. */
export function rowQuestion(line: number, field: RowField, answerText: string, row: ComposedRow): QuestionAtLine {
  const answer = row.options.length > 0 ? choiceAnswer(answerText, row.options) : answerText;
  return {
    line,
    csv_id: field('csv_id'),
    // Titles are plain: one made from a Markdown question is made from its plain form.
    title: field('title') || titleFromContent(plainText(row.stored(row.contentCell), row.format)),
    content: row.content,
    answer: answer === answerText ? row.stored(answerText) : answer,
    explanation: row.explanation,
    difficulty: normalizeDifficulty(field('difficulty')),
    url: cleanUrl(field('url')),
    group_id: field('group_id'),
    format: row.format,
  };
}
