import {
  MAX_CLOZE_NOTE_WRITES,
  clozeCardSides,
  planNoteEdit,
  siblingCsvId,
  siblingTitle,
} from '#shared/domain/cloze-note-edit.js';
import type { Language } from '#shared/domain/language.js';
import { textFormat } from '#shared/domain/rich-text.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { primaryKeyOf, type StoredItem } from '../../runtime/data/item.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { AppError, conflict } from '../../runtime/http/app-error.js';
import { noteKey } from './cloze-siblings.js';
import { examQuestionEntity } from './entities/exam-question.js';
import {
  ExamFullError,
  QuestionsChangedError,
  highestStoredPosition,
  reservePositions,
} from './exam-question-store.js';
import { getExamWithQuestions, type StoredQuestion } from './exam-store.js';
import { type NoteWrite, writeNote } from './exam-note-store.js';

/**
 * Editing a cloze card edits its note (D455, D456): the note's other cards in the exam are rewritten
 * from the new note, gaps the edit adds become new cards and cards whose gap it removes are deleted,
 * in one transaction with the edited card. Cards of a note are found by their gsi2 note index.
 */

/** DynamoDB's cap on one transaction's size, less room for keys and conditions. */
const MAX_TRANSACTION_BYTES = 3_900_000;

const cloze = (question: StoredQuestion) => (noteKey(question) === null ? null : (question.cloze as number));

/**
 * The other cards of `card`'s note in the exam, in position order: one gsi2 Query of the note's index
 * (pages only with the note's size) and one strongly consistent BatchGetItem per 100 cards. A card
 * stored before the index (no `gsi2pk`) has its note found by one read of the exam instead; the edit
 * then writes every card of the note with its index.
 */
export async function noteSiblings(
  examId: string,
  card: StoredItem,
): Promise<{ siblings: StoredQuestion[]; indexed: boolean }> {
  const question = examQuestionEntity.parse(card);
  const key = noteKey(question);
  if (key === null) return { siblings: [], indexed: true };
  const same = (other: StoredQuestion) => other.id !== question.id && noteKey(other) === key;
  if (typeof card.gsi2pk !== 'string')
    return { siblings: (await getExamWithQuestions(examId)).questions.filter(same), indexed: false };
  const hits = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': card.gsi2pk },
    ProjectionExpression: 'pk, sk',
  });
  const items = await batchGetAll(hits.map(primaryKeyOf), { consistent: true });
  const siblings = items
    .map(examQuestionEntity.parse)
    .filter(same)
    .sort((a, b) => Number(a.order) - Number(b.order));
  return { siblings, indexed: true };
}

export interface NoteEditInput {
  examId: string;
  /** The edited card as stored, and as the form made it (applyQuestionForm). */
  before: StoredQuestion;
  after: StoredQuestion;
  /** The note's other cards in the exam (noteSiblings). */
  siblings: StoredQuestion[];
  language: Language;
  /** Write every kept card, changed or not: cards stored before the note index get it. */
  reindex?: boolean;
  /** Fields every card of the note takes (a sheet row's difficulty, url, group), beside the note's own. */
  noteFields?: Partial<StoredQuestion>;
}

/** What the edit writes, before positions are reserved for the new cards. */
export interface NoteEditDraft {
  replaced: NoteWrite['replaced'];
  removed: NoteWrite['removed'];
  /** New cards, without their id and position yet. */
  added: StoredQuestion[];
  /** The card that answers the edit: the edited one, or (its gap gone) the note's first card. */
  answerId: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A sibling rewritten from the new note: its sides, the note's explanation and format, its title. */
function rewritten(sibling: StoredQuestion, input: NoteEditInput, editedNumber: number): StoredQuestion {
  const { after, language } = input;
  const note = text(after.cloze_note);
  const format = textFormat(after.format);
  const number = sibling.cloze as number;
  const sides = clozeCardSides(note, number, format);
  const next: StoredQuestion = { ...sibling, ...input.noteFields, cloze_note: note };
  if (after.format === undefined) delete next.format;
  else next.format = after.format;
  next[`content_${language}`] = sides.content;
  next[`answer_${language}`] = sides.answer;
  next[`explanation_${language}`] = after[`explanation_${language}`];
  next[`title_${language}`] = siblingTitle({
    editedTitle: text(after[`title_${language}`]),
    editedNumber,
    number,
    content: sides.content,
    format,
    previous: {
      title: text(sibling[`title_${language}`]),
      content: text(sibling[`content_${language}`]),
      format: textFormat(sibling.format),
    },
  });
  return next;
}

/** A new card of the note, its other fields the edited card's. */
function newCard(number: number, input: NoteEditInput, editedNumber: number): StoredQuestion {
  const { after, language } = input;
  const note = text(after.cloze_note);
  const format = textFormat(after.format);
  const sides = clozeCardSides(note, number, format);
  return {
    id: '',
    ...(typeof after.file_id === 'string' ? { file_id: after.file_id } : {}),
    csv_id: siblingCsvId(text(after.csv_id), editedNumber, number),
    [`title_${language}`]: siblingTitle({
      editedTitle: text(after[`title_${language}`]),
      editedNumber,
      number,
      content: sides.content,
      format,
    }),
    [`content_${language}`]: sides.content,
    [`answer_${language}`]: sides.answer,
    [`explanation_${language}`]: text(after[`explanation_${language}`]),
    difficulty: after.difficulty,
    url: after.url,
    group_id: after.group_id,
    ...input.noteFields,
    ...(after.format === undefined ? {} : { format: after.format }),
    cloze: number,
    cloze_note: note,
    created_language: language,
    created_at: new Date().toISOString(),
  };
}

const unchanged = (a: StoredQuestion, b: StoredQuestion) =>
  JSON.stringify(examQuestionEntity.item('', 0, a)) === JSON.stringify(examQuestionEntity.item('', 0, b));

/** The plan of planNoteEdit as writes: pure. */
export function noteEditDraft(input: NoteEditInput): NoteEditDraft {
  const { before, after, siblings } = input;
  const oldNote = cloze(before) === null ? '' : text(before.cloze_note);
  const newNote = cloze(after) === null ? '' : text(after.cloze_note);
  // The card's own number while it was a card; a question becoming a note takes the form's (applyQuestionForm).
  const editedNumber = cloze(before) ?? cloze(after) ?? 0;
  type Card = StoredQuestion & { cloze: number };
  const edited: Card = { ...after, cloze: editedNumber };
  const others = siblings.map((sibling) => sibling as Card);
  const cards: Card[] = newNote === '' ? others : [edited, ...others];
  const plan = planNoteEdit(oldNote, newNote, cards, textFormat(after.format));
  const replaced: NoteWrite['replaced'] = [];
  for (const card of plan.kept) {
    if (card === edited) replaced.push({ question: after });
    else {
      const next = rewritten(card, input, editedNumber);
      if (input.reindex || !unchanged(card, next)) replaced.push({ question: next, note: text(card.cloze_note) });
    }
  }
  // A question that stops being a note is still written (as an ordinary question).
  if (newNote === '') replaced.unshift({ question: after });
  const removed = plan.removed.map((card) => ({
    position: Number(card.order),
    id: card.id,
    ...(card === edited ? {} : { note: text(card.cloze_note) }),
  }));
  const first = [...plan.kept].sort((a, b) => a.cloze - b.cloze)[0];
  return {
    replaced,
    removed,
    added: plan.added.map((number) => newCard(number, input, editedNumber)),
    answerId: plan.kept.includes(edited) || newNote === '' ? after.id : (first?.id ?? null),
  };
}

/** Refuses an edit that does not fit in one transaction (MAX_CLOZE_NOTE_WRITES, and DynamoDB's 4 MB). */
function assertFits(draft: NoteEditDraft): void {
  const writes = draft.replaced.length + draft.added.length + draft.removed.length;
  const bytes = [...draft.replaced.map((r) => r.question), ...draft.added].reduce(
    (sum, question) => sum + Buffer.byteLength(JSON.stringify(question)),
    0,
  );
  if (writes > MAX_CLOZE_NOTE_WRITES || bytes > MAX_TRANSACTION_BYTES)
    throw new AppError(400, 'cloze_note_too_large', { max: MAX_CLOZE_NOTE_WRITES });
}

/** Whether the draft fits one transaction (MAX_CLOZE_NOTE_WRITES, and DynamoDB's 4 MB). */
export function draftFits(draft: NoteEditDraft): boolean {
  try {
    assertFits(draft);
    return true;
  } catch {
    return false;
  }
}

/** The draft's writes, its new cards at `positions` (reserved, one per new card). */
export function placedWrite(examId: string, draft: NoteEditDraft, positions: readonly number[]): NoteWrite {
  const added = draft.added.map((question, index) => {
    const position = positions[index]!;
    return { position, question: { ...question, id: `${examId}-${position}`, order: position } };
  });
  return { replaced: draft.replaced, added, removed: draft.removed };
}

/** The write that undoes `write`, given the cards as they were before it (by id). */
export function undoWrite(write: NoteWrite, before: ReadonlyMap<string, StoredQuestion>): NoteWrite {
  return {
    replaced: write.replaced.map(({ question }) => ({ question: before.get(question.id)! })),
    added: write.removed.map((place) => ({ position: place.position, question: before.get(place.id)! })),
    removed: write.added.map(({ position, question }) => ({ position, id: question.id })),
  };
}

/**
 * Writes the edit of a note (D456): positions reserved for new cards (a Query and an UpdateItem, only
 * when the edit adds a gap), then one transaction. Answers the card the route shows, or null.
 */
export async function applyNoteEdit(input: NoteEditInput): Promise<StoredQuestion | null> {
  const draft = noteEditDraft(input);
  assertFits(draft);
  const { examId } = input;
  const positions =
    draft.added.length === 0
      ? []
      : await reservePositions(examId, await highestStoredPosition(examId), draft.added.length);
  const { added } = placedWrite(examId, draft, positions);
  try {
    await writeNote(examId, { replaced: draft.replaced, added, removed: draft.removed });
  } catch (error) {
    if (error instanceof ExamFullError) throw new AppError(400, 'exam_question_limit', { max: MAX_EXAM_QUESTIONS });
    if (error instanceof QuestionsChangedError) throw conflict('exam_questions_changed');
    throw error;
  }
  const written = [...draft.replaced.map((r) => r.question), ...added.map((a) => a.question)];
  return written.find((question) => question.id === draft.answerId) ?? added[0]?.question ?? null;
}
