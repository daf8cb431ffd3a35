/**
 * Editing a cloze note (D455): an edit of one card edits the note, so the cards of the note follow it.
 * A card keeps its number and its question id (and so its memory state) while its gap is in the note;
 * a gap the edit adds becomes a new card; a card whose gap the edit removes (or empties) goes.
 * The question editor and the update from a sheet both apply this plan.
 */
import { clozeAnswerText, clozeNumbers, clozeQuestion } from './cloze.js';
import { shortTitle } from './question-title.js';
import { plainText, type TextFormat } from './rich-text.js';

/**
 * At most this many cards are written or deleted by one note edit: with the exam's count and its
 * content version they fill one DynamoDB transaction (100 items), so a note changes whole or not at
 * all. Anki's own decks rarely pass 50 gaps; the syntax allows 999 numbers.
 */
export const MAX_CLOZE_NOTE_WRITES = 98;

/** The numbers of a note that make a card: those whose gap holds text (an empty gap makes none, as on import). */
export function clozeCardNumbers(note: string, format: TextFormat = 'plain'): number[] {
  return clozeNumbers(note).filter((number) => clozeAnswerText(note, number, format) !== '');
}

/** Card `number`'s two sides as a card stores them: the question side and the gap's text. */
export function clozeCardSides(note: string, number: number, format: TextFormat = 'plain') {
  return { content: clozeQuestion(note, number, format), answer: clozeAnswerText(note, number, format) };
}

/** A card of a note as the plan reads it: its number (and whatever else the caller keeps with it). */
export interface NumberedCard {
  cloze: number;
}

export interface NoteEditPlan<C extends NumberedCard> {
  /** Cards whose gap is still in the note: rewritten from it, same id, same memory state. */
  kept: C[];
  /** Numbers the edit added that no card holds: one new card each, ascending. */
  added: number[];
  /** Cards whose gap is gone from the note (or empty): deleted like any question. */
  removed: C[];
}

/**
 * What an edit from note `before` to note `after` does to `cards` (the note's cards in one exam).
 * A number in both notes without a card stays without one: the card was deleted or never copied into
 * this exam, and an edit does not bring it back. `before` is '' for a question that was not a note.
 */
export function planNoteEdit<C extends NumberedCard>(
  before: string,
  after: string,
  cards: readonly C[],
  format: TextFormat = 'plain',
): NoteEditPlan<C> {
  const wanted = new Set(clozeCardNumbers(after, format));
  const had = new Set(before === '' ? [] : clozeCardNumbers(before, format));
  const held = new Set(cards.map((card) => card.cloze));
  return {
    kept: cards.filter((card) => wanted.has(card.cloze)),
    added: [...wanted].filter((number) => !had.has(number) && !held.has(number)).sort((a, b) => a - b),
    removed: cards.filter((card) => !wanted.has(card.cloze)),
  };
}

/** A card's title `<base> (cN)`: the base, or null when the title is no such title. */
function titleBase(title: string, number: number): string | null {
  const suffix = ` (c${number})`;
  return title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length) : null;
}

/**
 * A sibling's title after the note was edited through card `edited` titled `editedTitle`: `<base> (cN)`
 * when the edited card's title is `<base> (c<its number>)` (the import's titles, D366); else the
 * sibling's own title when it gave one; else (a title made from the card's words, or a new card) the
 * first words of its new question side.
 */
export function siblingTitle(input: {
  editedTitle: string;
  editedNumber: number;
  number: number;
  content: string;
  format: TextFormat;
  /** The sibling's title and question side before the edit; absent for a new card. */
  previous?: { title: string; content: string; format: TextFormat };
}): string {
  const base = titleBase(input.editedTitle, input.editedNumber);
  if (base !== null) return `${base} (c${input.number})`;
  const made = (content: string, format: TextFormat) => shortTitle(plainText(content, format));
  const previous = input.previous;
  if (previous && previous.title !== '' && previous.title !== made(previous.content, previous.format))
    return previous.title;
  return made(input.content, input.format);
}

/** A new card's id: `<base>-cN` when the edited card's is `<base>-c<its number>` (an import's ids), else the same id (the editor's). */
export function siblingCsvId(editedCsvId: string, editedNumber: number, number: number): string {
  const suffix = `-c${editedNumber}`;
  return editedCsvId.endsWith(suffix) && editedCsvId.length > suffix.length
    ? `${editedCsvId.slice(0, -suffix.length)}-c${number}`
    : editedCsvId;
}

/**
 * The id a sheet row carries for a note (D369): the first card's id without its `-cN`. An update from
 * a sheet finds the note's cards by it.
 */
export function noteRowId(csvId: string, number: number): string {
  return csvId.replace(new RegExp(`-c${number}$`), '');
}
