import * as z from 'zod';
import { lazy, itemParser, orDefault } from './item.js';
import { userPk } from './key-parts.js';

/**
 * `USER#<uid>`/`STUDYDAY#<sid>#<yyyy-mm-dd>`: a member's activity in one study on one day (issue 11:
 * S23 record-study-progress, S24 study time on submit, S25 history). Keys only for now; one Query
 * `BETWEEN dayKey(from) AND dayKey(to)` reads a period.
 */
const studyDaySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    study_id: z.string(),
    date: z.string(),
    access_count: orDefault(z.number(), 0),
    highest_progress: orDefault(z.number().nullable(), null),
    task_seconds: orDefault(z.record(z.string(), z.number()), {}),
    study_seconds: orDefault(z.number(), 0),
  }),
);
export type StudyDayRecord = z.infer<ReturnType<typeof studyDaySchema>>;

export const studyDayEntity = {
  key: (userId: string, studyId: string, date: string) => ({ pk: userPk(userId), sk: `STUDYDAY#${studyId}#${date}` }),
  /** Every day of one study: `begins_with(sk, prefix(studyId))`; a study removed from a user goes with this prefix. */
  prefix: (studyId: string) => `STUDYDAY#${studyId}#`,
  parse: /* @__PURE__ */ itemParser(studyDaySchema),
};
