import * as z from 'zod/mini';
import { languageSchema } from '#shared/domain/language.js';
import { lazy, itemParser, orDefault, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { shardOf, userPk } from '../../../runtime/data/key-parts.js';
import { tagRefSchema } from '../../tags/index.js';

/** The exam item `EXAM#<id>`/`EXAM`; its questions are `Q#<position>` items of the same partition (exam-question.ts). */
const examSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    title_ko: orDefault(z.string(), ''),
    title_en: orDefault(z.string(), ''),
    /** nameKey(title): the creator's reservation `USER#<creator>`/`EXAMTITLE#<key>` (exam-title-claim.ts). */
    title_key: z.string(),
    description_ko: orDefault(z.string(), ''),
    description_en: orDefault(z.string(), ''),
    created_at: z.string(),
    created_language: languageSchema(),
    is_original: z.boolean(),
    original_exam: orDefault(z.nullable(z.string()), null),
    version_number: z.number(),
    /** Written by older code only (now on the `QSEQ` counter item, D193): the base of the version count. */
    version_count: z.optional(z.number()),
    is_public: z.boolean(),
    /**
     * Some question came from a private file or a private exam. Such an exam is created private and
     * becomes public only when its owner confirms that those questions will be visible to everyone.
     */
    has_private_questions: orDefault(z.boolean(), false),
    file_name: orDefault(z.nullable(z.string()), null),
    file_id: orDefault(z.nullable(z.string()), null),
    total_questions: z.number(),
    created_by_id: z.string(),
    created_by_username: z.string(),
    tags: orDefault(z.array(tagRefSchema()), []),
    tag_ids: orDefault(z.array(z.string()), []),
    force_answer: orDefault(z.boolean(), false),
    voice_mode_enabled: orDefault(z.boolean(), false),
    ai_mock_interview: orDefault(z.boolean(), false),
    /** Lower-cased titles, for the title search filter. */
    search_text: orDefault(z.string(), ''),
    /** Studies linking this exam (written by the studies feature). */
    study_ids: z.optional(z.array(z.string())),
    /**
     * A personal exam made for the caller by the product rather than by them (`single`: the
     * single-question mode's exam; `daily`: the user's daily quiz of one day). Kept out of the exam
     * lists: no gsi2 keys, filtered from "my exams".
     */
    kind: z.optional(z.enum(['single', 'daily'])),
  }),
);
export type ExamRecord = z.infer<ReturnType<typeof examSchema>>;

/**
 * Shards of the public and private exam-list partitions (gsi2). One unsharded partition caps at
 * ~1,000 writes/s, and every exam creation and update writes it; readers Query all shards in
 * parallel and merge by gsi2sk (newest first), a constant number of requests per page.
 */
export const EXAM_LIST_SHARDS = 4;

/** A stable shard of an exam id (FNV-1a), so an exam keeps its shard when it changes visibility. */
export const examShardOf = (examId: string) => shardOf(examId, EXAM_LIST_SHARDS);

export function examListShard(isPublic: boolean, shard: number): string {
  return `${isPublic ? 'PUBLICEXAMS' : 'PRIVATEEXAMS'}#${shard}`;
}

/** Every gsi2 partition of one visibility. */
export function examListShards(isPublic: boolean): string[] {
  return Array.from({ length: EXAM_LIST_SHARDS }, (_, shard) => examListShard(isPublic, shard));
}

const EXAM_SK = 'EXAM';
/** Upper bound for "the meta item and every question" of an exam partition in one Query. */
export const EXAM_PARTITION_QUESTIONS_END = 'Q#~';

export const examEntity = {
  key: (examId: string) => ({ pk: `EXAM#${examId}`, sk: EXAM_SK }),
  partition: (examId: string) => `EXAM#${examId}`,
  /** The exam item and its questions, in order: `sk BETWEEN sk AND questionsEnd`. */
  sk: EXAM_SK,
  questionsEnd: EXAM_PARTITION_QUESTIONS_END,
  isExamItem: (item: StoredItem) => item.sk === EXAM_SK,
  /** gsi1: the creator's exams, newest first. */
  creatorIndex: (userId: string, createdAt: string, examId: string) => ({
    gsi1pk: `${userPk(userId)}#EXAMS`,
    gsi1sk: `${createdAt}#${examId}`,
  }),
  creatorPartition: (userId: string) => `${userPk(userId)}#EXAMS`,
  /** Sharded (docs/architecture.md §3.2): every exam lands in one of EXAM_LIST_SHARDS partitions per visibility. */
  visibilityIndex: (isPublic: boolean, createdAt: string, examId: string) => ({
    gsi2pk: examListShard(isPublic, examShardOf(examId)),
    gsi2sk: `${createdAt}#${examId}`,
  }),
  /** The stored item of an exam record; the index keys always follow its current fields. */
  item(exam: ExamRecord): StoredItem {
    return {
      ...withoutKeys(exam),
      ...examEntity.key(exam.id),
      // The creator index stays (withdrawal finds every exam of a user through it).
      ...examEntity.creatorIndex(exam.created_by_id, exam.created_at, exam.id),
      ...(exam.kind ? {} : examEntity.visibilityIndex(exam.is_public, exam.created_at, exam.id)),
      type: 'EXAM',
    };
  },
  parse: /* @__PURE__ */ itemParser(examSchema),
};
