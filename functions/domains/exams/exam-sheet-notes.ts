import { clozeCardNumbers, clozeCardSides, noteRowId, siblingTitle } from '#shared/domain/cloze-note-edit.js';
import { hasCloze } from '#shared/domain/cloze.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import type { Language } from '#shared/domain/language.js';
import { cleanUrl, type QuestionColumn } from '#shared/domain/question-sheet.js';
import { textFormat } from '#shared/domain/rich-text.js';
import { noteKey } from './cloze-siblings.js';
import { noteEditDraft, type NoteEditDraft } from './cloze-note-edit.js';
import type { StoredQuestion } from './exam-store.js';

/**
 * Rows of an update from a sheet (docs/architecture.md E25) and the cloze notes among them (D457):
 * a row holding a note is matched to the note's cards by the id the export writes for it (D369) and
 * applies the same edit as the question editor (D455).
 */

export type RowValues = Record<QuestionColumn, string>;

/** The changed question: the text in the caller's language fields, optional columns only when the sheet has them. */
export function updatedQuestion(
  before: StoredQuestion,
  row: RowValues,
  present: Set<QuestionColumn>,
  language: Language,
  withImage: boolean,
): StoredQuestion {
  const after: StoredQuestion = { ...before };
  // A stored image is a Markdown image: the question becomes Markdown, as on an import (D174).
  if (withImage) after.format = 'markdown';
  for (const field of ['title', 'content', 'answer', 'explanation'] as const)
    if (present.has(field)) after[`${field}_${language}`] = row[field];
  Object.assign(after, rowFields(row, present));
  return after;
}

/** The row's difficulty, url and group, when the sheet has those columns. */
function rowFields(row: RowValues, present: Set<QuestionColumn>): Partial<StoredQuestion> {
  const fields: Partial<StoredQuestion> = {};
  if (present.has('difficulty') && row.difficulty !== '') fields.difficulty = normalizeDifficulty(row.difficulty);
  if (present.has('url')) fields.url = cleanUrl(row.url);
  if (present.has('group_id')) fields.group_id = row.group_id;
  return fields;
}

/**
 * The exam's cloze notes by the id a sheet row gives them: the export's (the first card's id without
 * its `-cN`) and each card's own, so a row written either way finds its note. Cards in position order.
 */
export function notesByRowId(questions: readonly StoredQuestion[]): Map<string, StoredQuestion[]> {
  const notes = new Map<string, StoredQuestion[]>();
  for (const question of [...questions].sort((a, b) => Number(a.order) - Number(b.order))) {
    const key = noteKey(question);
    if (key === null) continue;
    notes.set(key, [...(notes.get(key) ?? []), question]);
  }
  const byRowId = new Map<string, StoredQuestion[]>();
  for (const cards of notes.values()) {
    const first = cards[0]!;
    const ids = [
      noteRowId(String(first.csv_id ?? '').trim(), first.cloze as number),
      ...cards.map((c) => String(c.csv_id ?? '').trim()),
    ];
    for (const id of ids) if (id !== '' && !byRowId.has(id)) byRowId.set(id, cards);
  }
  return byRowId;
}

/** Whether a row goes through the note path: it holds a note, or its id names one. */
export const isNoteRow = (row: RowValues, notes: ReadonlyMap<string, StoredQuestion[]>) =>
  hasCloze(row.content) || notes.has(row.csv_id);

/**
 * The edit a note row makes of `cards` (its note's cards, or one ordinary question becoming a note):
 * the first card is edited as in the question editor and the others follow (D455). Null when the
 * row's note has no gap with text (the row's error: a sheet never ends a note, the editor does).
 */
export function noteRowDraft(input: {
  examId: string;
  cards: StoredQuestion[];
  row: RowValues;
  present: Set<QuestionColumn>;
  language: Language;
  withImage: boolean;
}): NoteEditDraft | null {
  const { examId, cards, row, present, language, withImage } = input;
  const [first, ...siblings] = cards as [StoredQuestion, ...StoredQuestion[]];
  const noteFields = rowFields(row, present);
  if (!hasCloze(row.content)) return null;
  const format = withImage ? 'markdown' : textFormat(first.format);
  const numbers = clozeCardNumbers(row.content, format);
  if (numbers.length === 0) return null;
  const number = noteKey(first) === null ? numbers[0]! : (first.cloze as number);
  const sides = clozeCardSides(row.content, number, format);
  // The answer cell of a note row is extra text shown after the answer (D368), as on an import.
  const explanation = present.has('explanation')
    ? [row.answer, row.explanation].filter(Boolean).join('\n')
    : [row.answer, String(first[`explanation_${language}`] ?? '')].filter(Boolean).join('\n');
  const title =
    row.title !== ''
      ? `${row.title} (c${number})`
      : siblingTitle({
          editedTitle: '',
          editedNumber: number,
          number,
          content: sides.content,
          format,
          previous: {
            title: String(first[`title_${language}`] ?? ''),
            content: String(first[`content_${language}`] ?? ''),
            format: textFormat(first.format),
          },
        });
  const after: StoredQuestion = {
    ...first,
    ...noteFields,
    ...(format === 'plain' ? {} : { format }),
    cloze: number,
    cloze_note: row.content,
    [`title_${language}`]: title,
    [`content_${language}`]: sides.content,
    [`answer_${language}`]: sides.answer,
    [`explanation_${language}`]: explanation,
  };
  return noteEditDraft({ examId, before: first, after, siblings, language, reindex: true, noteFields });
}
