import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { lazy, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { pad } from '../../../runtime/data/key-parts.js';
import { QUESTION_SK_PREFIX, storedQuestionSchema, type StoredQuestion } from '../../files/index.js';

/** The question fields an exam copy keeps (everything but the keys of its old home); a favorite's snapshot keeps these too. */
export const QUESTION_FIELDS = [
  'id',
  'file_id',
  'csv_id',
  'title_ko',
  'title_en',
  'content_ko',
  'content_en',
  'answer_ko',
  'answer_en',
  'explanation_ko',
  'explanation_en',
  'difficulty',
  'url',
  'group_id',
  'format',
  'cloze',
  'cloze_note',
  'created_language',
  'created_at',
] as const;

const examIdSchema = /* @__PURE__ */ lazy(() => z.object({ exam_id: z.string() }));

const copyPartition = (questionId: string) => `QUESTION#${questionId}`;
/** gsi1 sort-key prefix of the copies inside one exam (`EXAM#<examId>#`), or of every exam copy (`EXAM#`). */
const homePrefix = (examId?: string) => (examId === undefined ? 'EXAM#' : `EXAM#${examId}#`);

/**
 * gsi2 of a cloze card's copy (D456): `CLOZE#<examId>#<hash of its file and note>` / position, so an
 * edit of one card finds the note's other cards in one Query, whatever the exam's size. Sparse: only
 * cloze cards carry it. The note is hashed (a key holds ≤ 2 KB; a note up to 10,000 characters).
 */
const clozeNotePartition = (examId: string, fileId: string, note: string) =>
  `CLOZE#${examId}#${createHash('sha256').update(`${fileId}\u0000${note}`).digest('base64url')}`;

function clozeNoteIndex(examId: string, position: number, question: StoredQuestion): StoredItem {
  const record = question as Record<string, unknown>;
  if (typeof record.cloze !== 'number' || typeof record.cloze_note !== 'string' || record.cloze_note === '') return {};
  const fileId = typeof record.file_id === 'string' ? record.file_id : '';
  return { gsi2pk: clozeNotePartition(examId, fileId, record.cloze_note), gsi2sk: pad(position) };
}

/** An exam question with its place: where the copy is stored, and its position. */
export type PlacedQuestion = StoredQuestion & { examId: string; order: number; key: { pk: string; sk: string } };

/**
 * `EXAM#<examId>`/`Q#<position 6 digits>`: a copy of a question in exam order; gsi1
 * `QUESTION#<questionId>` / `EXAM#<examId>#<position>` finds every copy of a question.
 */
export const examQuestionEntity = {
  key: (examId: string, position: number) => ({ pk: `EXAM#${examId}`, sk: `${QUESTION_SK_PREFIX}${pad(position)}` }),
  skPrefix: QUESTION_SK_PREFIX,
  /** gsi1: every exam copy of one question, for later edits and for finding a question by id. */
  copyIndex: (questionId: string, examId: string, position: number) => ({
    gsi1pk: copyPartition(questionId),
    gsi1sk: `${homePrefix(examId)}${position}`,
  }),
  copyPartition,
  homePrefix,
  clozeNotePartition,
  /** The exam id of a copy's partition key. */
  examIdOf: (pk: string) => pk.slice('EXAM#'.length),
  isQuestionItem: (item: StoredItem) => String(item.sk).startsWith(QUESTION_SK_PREFIX),
  item(examId: string, position: number, question: StoredQuestion): StoredItem {
    const copy: StoredItem = {};
    for (const field of QUESTION_FIELDS) if (question[field] !== undefined) copy[field] = question[field];
    return {
      ...examQuestionEntity.key(examId, position),
      ...examQuestionEntity.copyIndex(question.id, examId, position),
      ...clozeNoteIndex(examId, position, question),
      type: 'EXAM_QUESTION',
      exam_id: examId,
      order: position,
      ...copy,
    };
  },
  /** The exam of a copy read with `ProjectionExpression: 'exam_id'`. */
  parseExamId: (item: StoredItem): string => examIdSchema().parse(item).exam_id,
  parse: (item: StoredItem): StoredQuestion => storedQuestionSchema().parse(withoutKeys(item)),
  /** The question with where it is stored (edits write the copy back in place). */
  parsePlaced(item: StoredItem): PlacedQuestion {
    const question = storedQuestionSchema().parse(withoutKeys(item));
    const pk = String(item.pk);
    return {
      ...question,
      examId: examQuestionEntity.examIdOf(pk),
      order: Number(item.order),
      key: { pk, sk: String(item.sk) },
    };
  },
};
