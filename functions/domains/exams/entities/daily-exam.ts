import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * The daily quiz's items in the user's partition (docs/architecture.md §2.6):
 *
 * * `DAILY#<yyyy-mm-dd>` — the claim of one quiz day: which exam is that day's daily exam, and the
 *   state of that day's email (`mail_status`). Written with `attribute_not_exists` (two
 *   concurrent calls end with one exam), kept 90 days (TTL `expiresAt`).
 * * `DAILYEXAM` — the pointer to the newest daily exams (`exam_id`, `previous_exam_id`), so a new
 *   day's exam can remove the one before yesterday's without a Query.
 */
const DAY_PREFIX = 'DAILY#';
const POINTER_SK = 'DAILYEXAM';

/** `sending`: claimed for a send whose outcome is not known yet; `sent`; `failed`: SES refused, a later attempt may claim it again. */
export const DAILY_MAIL_STATUSES = ['sending', 'sent', 'failed'] as const;
export type DailyMailStatus = (typeof DAILY_MAIL_STATUSES)[number];

const daySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    day: z.string(),
    exam_id: z.string(),
    question_ids: orDefault(z.array(z.string()), []),
    created_at: z.string(),
    mail_status: z.optional(z.enum(DAILY_MAIL_STATUSES)),
    mail_claimed_at: z.optional(z.string()),
    mail_claim_id: z.optional(z.string()),
    emailed_at: z.optional(z.string()),
  }),
);
export type DailyExamDayRecord = z.infer<ReturnType<typeof daySchema>>;

const pointerSchema = /* @__PURE__ */ lazy(() =>
  z.object({ exam_id: z.string(), previous_exam_id: z.nullish(z.string()) }),
);
export type DailyExamPointerRecord = z.infer<ReturnType<typeof pointerSchema>>;

/** Days a `DAILY#` claim is kept (TTL). */
const DAY_RECORD_TTL_DAYS = 90;

export const dailyExamDayEntity = {
  key: (userId: string, day: string) => ({ pk: userPk(userId), sk: `${DAY_PREFIX}${day}` }),
  skPrefix: DAY_PREFIX,
  item: (userId: string, record: DailyExamDayRecord, now: Date): StoredItem => ({
    ...dailyExamDayEntity.key(userId, record.day),
    type: 'DAILY_EXAM_DAY',
    ...record,
    expiresAt: Math.floor(now.getTime() / 1000) + DAY_RECORD_TTL_DAYS * 86_400,
  }),
  parse: /* @__PURE__ */ itemParser(daySchema),
};

export const dailyExamPointerEntity = {
  key: (userId: string) => ({ pk: userPk(userId), sk: POINTER_SK }),
  item: (userId: string, record: DailyExamPointerRecord): StoredItem => ({
    ...dailyExamPointerEntity.key(userId),
    type: 'DAILY_EXAM_POINTER',
    ...record,
  }),
  parse: /* @__PURE__ */ itemParser(pointerSchema),
};
