import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { pad, userPk } from '../../../runtime/data/key-parts.js';

export const detailEntrySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    csv_id: z.string(),
    title: z.string(),
    /** The question's text in the submit's language, cut at RESULT_QUESTION_TEXT_CHARS (absent on older results). */
    content: z.optional(z.string()),
    answer: z.string(),
    is_correct: z.boolean(),
    elapsed_seconds: z.number(),
    /** The learner's own grade, against the rule's; absent when they agree. */
    overruled: z.optional(z.boolean()),
  }),
);
/** Longest question text a result detail keeps: enough to recognise the question, small enough for a 2,000-question result. */
export const RESULT_QUESTION_TEXT_CHARS = 500;
export type DetailEntry = z.infer<ReturnType<typeof detailEntrySchema>>;
const chunkSchema = /* @__PURE__ */ lazy(() => z.object({ chunk: z.number(), details: z.array(detailEntrySchema()) }));
export type ChunkRecord = z.infer<ReturnType<typeof chunkSchema>>;
const SK_PREFIX = 'RESULTDETAIL#';

/**
 * Detail chunks of one write of a result: `USER#<id>`/`RESULTDETAIL#<resultId>#<tag>#<chunk 3>`.
 * The tag is new for every write (submit, each continue), so chunks written ahead of the
 * transaction that publishes them never overwrite the chunks readers currently use.
 */
export const resultDetailEntity = {
  key: (userId: string, resultId: string, tag: string, chunk: number) => ({
    pk: userPk(userId),
    sk: `${SK_PREFIX}${resultId}#${tag}#${pad(chunk, 3)}`,
  }),
  skPrefix: SK_PREFIX,
  resultPrefix: (resultId: string) => `${SK_PREFIX}${resultId}#`,
  writePrefix: (resultId: string, tag: string) => `${SK_PREFIX}${resultId}#${tag}#`,
  item: (userId: string, resultId: string, tag: string, chunk: ChunkRecord): StoredItem => ({
    ...resultDetailEntity.key(userId, resultId, tag, chunk.chunk),
    type: 'RESULTDETAIL',
    result_id: resultId,
    tag,
    chunk: chunk.chunk,
    details: chunk.details,
  }),
  parse: /* @__PURE__ */ itemParser(chunkSchema),
};
