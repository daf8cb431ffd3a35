import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * The Review screen's own items (docs/architecture.md §2.2), all in the user's partition:
 *
 * - `REVGRADE#<gradeId>`: the claim of one grade (the client's id, so a retried grade is applied
 *   once) and what its undo needs (the statistic before it). Expires after 30 days.
 * - `REVLAST`: the pointer to the grade that Z takes back.
 * - `REVDAY#<learner day>`: how many new cards and reviews the learner graded that day (the limits),
 *   and the cards buried that day (`buried`, a string set: they come back the next day).
 *
 * Older partitions may still hold `REVLEARN#<questionId>` items and grades with a `learning_before`
 * copy of one: nothing reads them since learning cards moved to the due index (D185, D262).
 */
const GRADE_PREFIX = 'REVGRADE#';
const DAY_PREFIX = 'REVDAY#';
const GRADE_TTL_SECONDS = 30 * 86_400;

const gradeSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    grade_id: z.string(),
    question_id: z.string(),
    exam_id: z.string(),
    rating: z.number(),
    day: z.string(),
    kind: z.string(),
    graded_at: z.string(),
    /** The QSTAT item before the grade (keys included), or null when there was none. */
    previous: z.nullable(z.record(z.string(), z.unknown())),
    version_after: z.number(),
    revlog_sk: z.string(),
    answer: z.object({ due: z.string(), state: z.string(), lapses: z.number(), leech: z.boolean() }),
    undone: orDefault(z.boolean(), false),
  }),
);
export type ReviewGradeRecord = z.infer<ReturnType<typeof gradeSchema>>;

export const reviewGradeEntity = {
  key: (userId: string, gradeId: string) => ({ pk: userPk(userId), sk: `${GRADE_PREFIX}${gradeId}` }),
  skPrefix: GRADE_PREFIX,
  item: (userId: string, record: ReviewGradeRecord, now: Date): StoredItem => ({
    ...reviewGradeEntity.key(userId, record.grade_id),
    type: 'REVGRADE',
    ...record,
    expiresAt: Math.floor(now.getTime() / 1000) + GRADE_TTL_SECONDS,
  }),
  parse: /* @__PURE__ */ itemParser(gradeSchema),
};

const lastSchema = /* @__PURE__ */ lazy(() => z.object({ grade_id: z.string() }));

export const reviewLastEntity = {
  key: (userId: string) => ({ pk: userPk(userId), sk: 'REVLAST' }),
  item: (userId: string, gradeId: string): StoredItem => ({
    ...reviewLastEntity.key(userId),
    type: 'REVLAST',
    grade_id: gradeId,
  }),
  parse: /* @__PURE__ */ itemParser(lastSchema),
};

const daySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    day: z.string(),
    new_count: orDefault(z.number(), 0),
    review_count: orDefault(z.number(), 0),
    graded_count: orDefault(z.number(), 0),
    /** Cards buried until the next day (a string set: read back as a Set; D305). */
    buried: orDefault(
      z.pipe(
        z.custom<ReadonlySet<string>>((value) => value instanceof Set),
        z.transform((set) => [...set].filter((id): id is string => typeof id === 'string')),
      ),
      [],
    ),
  }),
);
export type ReviewDayRecord = z.infer<ReturnType<typeof daySchema>>;

export const reviewDayEntity = {
  key: (userId: string, day: string) => ({ pk: userPk(userId), sk: `${DAY_PREFIX}${day}` }),
  skPrefix: DAY_PREFIX,
  type: 'REVDAY',
  parse: /* @__PURE__ */ itemParser(daySchema),
};
