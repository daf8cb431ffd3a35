import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<id>`/`RESULT#<resultId>`: totals and snapshots; details are separate chunk items (result-detail.ts). */
const resultSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    user_id: z.string(),
    username: z.string(),
    exam_id: z.string(),
    exam_title: z.string(),
    exam_title_ko: z.string(),
    exam_title_en: z.string(),
    study_id: z.nullable(z.string()),
    /** The study's title when the result was taken from a study task (a snapshot, for the results lists). */
    study_title: z.nullish(z.string()),
    score: z.number(),
    total_score: z.number(),
    correct_count: z.number(),
    wrong_count: z.number(),
    answered_count: z.number(),
    elapsed_seconds: z.number(),
    completed_at: z.string(),
    created_at: z.string(),
    /** Bumped by every continue, which conditions its write on it (optimistic lock). */
    revision: z.number(),
    /** Key tag of the current detail chunks (new on every write). */
    detail_tag: z.string(),
    detail_chunks: z.number(),
  }),
);
export type ResultRecord = z.infer<ReturnType<typeof resultSchema>>;
const SK_PREFIX = 'RESULT#';

export const resultEntity = {
  /** Listed newest first by `begins_with(sk,'RESULT#')`: result ids are time-ordered. */
  key: (userId: string, resultId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${resultId}` }),
  skPrefix: SK_PREFIX,
  /** gsi1: the taker's results of one exam, newest first. */
  examIndex: (userId: string, examId: string, resultId: string) => ({
    gsi1pk: resultEntity.examPartition(userId, examId),
    gsi1sk: resultId,
  }),
  examPartition: (userId: string, examId: string) => `${userPk(userId)}#EXAM#${examId}`,
  /** gsi2: a result by id alone (one item per partition), for site admins reading another user's result. */
  idIndex: (resultId: string) => ({ gsi2pk: `RESULTID#${resultId}`, gsi2sk: 'RESULT' }),
  item: (result: ResultRecord): StoredItem => ({
    ...result,
    ...resultEntity.key(result.user_id, result.id),
    ...resultEntity.examIndex(result.user_id, result.exam_id, result.id),
    ...resultEntity.idIndex(result.id),
    type: 'RESULT',
  }),
  parse: /* @__PURE__ */ itemParser(resultSchema),
};
