import { config } from '../../runtime/config.js';
import { transactWrite, type TransactItem } from '../../runtime/data/db.js';
import { type StoredQuestion } from '../files/index.js';
import { examQuestionEntity } from './entities/exam-question.js';
import {
  ExamFullError,
  QuestionsChangedError,
  countChange,
  putCopy,
  versionBump,
  type QuestionPlace,
} from './exam-question-store.js';

/**
 * A cloze note's cards in one exam, written as one transaction (D455–D456): kept cards rewritten in place,
 * new gaps added, removed gaps deleted, the exam's count and content version moved with them.
 */

/** The writes of one cloze note's edit in one exam (D456). */
export interface NoteWrite {
  /** Copies rewritten in place, each only if its place still holds that question (and, with `note`, that note). */
  replaced: { question: StoredQuestion; note?: string }[];
  /** New copies at reserved positions. */
  added: { position: number; question: StoredQuestion }[];
  /** Copies deleted, each only if its place still holds that question (and, with `note`, that note). */
  removed: (QuestionPlace & { note?: string })[];
}

/** How many transaction items a note write takes: its cards, the count when it moves, the content version. */
export const noteWriteItems = (write: NoteWrite) =>
  write.replaced.length +
  write.added.length +
  write.removed.length +
  (write.added.length !== write.removed.length ? 1 : 0) +
  1;

const sameCopy = (id: string, note?: string) => ({
  ConditionExpression: note === undefined ? 'id = :id' : 'id = :id AND cloze_note = :note',
  ExpressionAttributeValues: { ':id': id, ...(note === undefined ? {} : { ':note': note }) },
});

/**
 * A note's cards rewritten, added and deleted, the exam's count moved by the difference (within the
 * cap) and its content version bumped: one transaction, so the note changes whole or not at all.
 * The caller keeps it within 100 items (noteWriteItems). ExamFullError when the count's cap refused
 * it, QuestionsChangedError when a card changed under it.
 */
export async function writeNote(examId: string, write: NoteWrite): Promise<void> {
  const delta = write.added.length - write.removed.length;
  const items: TransactItem[] = [
    ...write.replaced.map(({ question, note }) => ({
      Put: {
        TableName: config.appTable,
        Item: examQuestionEntity.item(examId, Number(question.order), question),
        ...sameCopy(question.id, note),
      },
    })),
    ...write.added.map((p) => putCopy(examId, p.position, p.question)),
    ...write.removed.map((place) => ({
      Delete: {
        TableName: config.appTable,
        Key: examQuestionEntity.key(examId, place.position),
        ...sameCopy(place.id, place.note),
      },
    })),
  ];
  const countAt = items.length;
  if (delta !== 0) items.push(countChange(examId, delta));
  items.push(versionBump(examId));
  await transactWrite(items, (reasons) =>
    delta > 0 && reasons[countAt] === 'ConditionalCheckFailed'
      ? new ExamFullError(examId)
      : new QuestionsChangedError(),
  );
}
