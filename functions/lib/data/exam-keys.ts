/**
 * Key builders of the question bank and exams (issue 4); docs/architecture.md §2.4–2.5 lists the
 * access patterns they serve. Kept apart from keys.ts so features do not collide on one file.
 */
export const pad = (n: number, width = 6) => String(n).padStart(width, '0');

/** Sort keys of question items in a file or exam partition: Q#000001 … */
export const QUESTION_SK_PREFIX = 'Q#';
/** Upper bound for "the meta item and every question" of an exam partition in one Query. */
export const EXAM_PARTITION_QUESTIONS_END = 'Q#~';

export const examKeys = {
  // question files
  file: (fileId: string) => ({ pk: `FILE#${fileId}`, sk: 'FILE' }),
  fileQuestion: (fileId: string, order: number) => ({ pk: `FILE#${fileId}`, sk: `${QUESTION_SK_PREFIX}${pad(order)}` }),
  filesOfOwner: (ownerId: string, nameKey: string) => ({ gsi1pk: `USER#${ownerId}#FILES`, gsi1sk: nameKey }),
  filesByVisibility: (isPublic: boolean, nameKey: string, fileId: string) => ({
    gsi2pk: isPublic ? 'PUBLICFILES' : 'PRIVATEFILES',
    gsi2sk: `${nameKey}#${fileId}`,
  }),
  /** In the owner's partition: one name → one file per owner, strongly consistent. */
  fileName: (ownerId: string, nameKey: string) => ({ pk: `USER#${ownerId}`, sk: `FILENAME#${nameKey}` }),

  // exams
  exam: (examId: string) => ({ pk: `EXAM#${examId}`, sk: 'EXAM' }),
  examQuestion: (examId: string, position: number) => ({ pk: `EXAM#${examId}`, sk: `${QUESTION_SK_PREFIX}${pad(position)}` }),
  examsOfCreator: (userId: string, createdAt: string, examId: string) => ({
    gsi1pk: `USER#${userId}#EXAMS`,
    gsi1sk: `${createdAt}#${examId}`,
  }),
  /** Sharded (§3.2): every exam lands in one of EXAM_LIST_SHARDS partitions per visibility. */
  examsByVisibility: (isPublic: boolean, createdAt: string, examId: string) => ({
    gsi2pk: examListShard(isPublic, examShardOf(examId)),
    gsi2sk: `${createdAt}#${examId}`,
  }),
  /** In the creator's partition: reserves a title (case-insensitive, trimmed) per creator. */
  examTitle: (userId: string, titleKey: string) => ({ pk: `USER#${userId}`, sk: `EXAMTITLE#${titleKey}` }),
  /** Every exam copy of one question, for later edits and for finding a question by id: gsi1. */
  questionCopy: (questionId: string, home: string) => ({ gsi1pk: `QUESTION#${questionId}`, gsi1sk: home }),

  // subscriptions: in the subscriber's partition, indexed by exam for the exam's deletion
  subscription: (userId: string, examId: string) => ({ pk: `USER#${userId}`, sk: `SUB#${examId}` }),
  subscribersOfExam: (examId: string, userId: string) => ({ gsi1pk: `EXAM#${examId}#SUBS`, gsi1sk: userId }),

  // the caller's answer history (written by exam taking; read here for wrong_only / most_wrong)
  questionStat: (userId: string, questionId: string) => ({ pk: `USER#${userId}`, sk: `QSTAT#${questionId}` }),

  /** One shard of the question-pool counter (E27): writers ADD on a random shard, readers sum all. */
  questionCounter: (shard: number) => ({ pk: `COUNTER#QUESTIONS#${shard}`, sk: 'COUNTER' }),

  // tags
  tag: (tagId: string) => ({ pk: `TAG#${tagId}`, sk: 'TAG' }),
  allTags: (nameKey: string, tagId: string) => ({ gsi1pk: 'TAGS', gsi1sk: `${nameKey}#${tagId}` }),
  tagName: (nameKey: string) => ({ pk: `TAGNAME#${nameKey}`, sk: 'TAGNAME' }),
};

/**
 * Shards of the public and private exam-list partitions (gsi2). One unsharded partition caps at
 * ~1,000 writes/s, and every exam creation and update writes it; readers Query all shards in
 * parallel and merge by gsi2sk (newest first), a constant number of requests per page.
 */
export const EXAM_LIST_SHARDS = 4;

/** A stable shard of an exam id (FNV-1a), so an exam keeps its shard when it changes visibility. */
export function examShardOf(examId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < examId.length; i++) hash = Math.imul(hash ^ examId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % EXAM_LIST_SHARDS;
}

export function examListShard(isPublic: boolean, shard: number): string {
  return `${isPublic ? 'PUBLICEXAMS' : 'PRIVATEEXAMS'}#${shard}`;
}

/** Every gsi2 partition of one visibility. */
export function examListShards(isPublic: boolean): string[] {
  return Array.from({ length: EXAM_LIST_SHARDS }, (_, shard) => examListShard(isPublic, shard));
}

/** Shards of the question-pool counter: every import and file deletion moves one at random. */
export const QUESTION_COUNTER_SHARDS = 10;

/** Case-insensitive, width-folded, trimmed key of a name or title. */
export function nameKey(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Imported questions are identified by their place in their file: `<fileId>-<order>`. */
export function fileQuestionId(fileId: string, order: number): string {
  return `${fileId}-${order}`;
}

export { GENERATED_ID, newId } from './ids.js';
