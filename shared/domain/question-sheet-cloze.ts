import { clozeAnswerText, clozeNumbers, clozeQuestion } from './cloze.js';
import type { SheetQuestion } from './question-sheet-rows.js';
import { shortTitle } from './question-title.js';
import { plainText, type TextFormat } from './rich-text.js';

/** How a sheet row holding a cloze note becomes its cards (D366). */

export type CardBase = Pick<SheetQuestion, 'csv_id' | 'title' | 'difficulty' | 'url' | 'group_id'> & { line: number };

/**
 * A cloze note's cards (D366): one question per cloze number, its content the question side (the gap
 * hidden, so no reader can show the answer), its answer the gap's text, the note kept whole beside it.
 * A given id becomes `<id>-c<n>`; a title is the card's own first words.
 */
export function clozeCards(
  base: CardBase,
  note: string,
  explanation: string,
  format: TextFormat,
): (SheetQuestion & { line: number })[] {
  return clozeNumbers(note).flatMap((number) => {
    const answer = clozeAnswerText(note, number, format);
    if (answer === '') return [];
    const content = clozeQuestion(note, number, format);
    return [
      {
        ...base,
        csv_id: base.csv_id === '' ? '' : `${base.csv_id}-c${number}`,
        title: base.title ? `${base.title} (c${number})` : shortTitle(plainText(content, format)),
        content,
        answer,
        explanation,
        format,
        cloze: number,
        cloze_note: note,
      },
    ];
  });
}
