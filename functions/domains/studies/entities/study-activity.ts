import * as z from 'zod/mini';
import { lazy, itemParser, orDefault } from '../../../runtime/data/item.js';

/**
 * `STUDY#<sid>`/`ACTIVITY#<yyyy-mm-dd>#<uid>`: one member's activity in the study on one UTC day,
 * kept in the study's partition for its managers (the members table). Written by
 * the submit's transaction beside the member's own `STUDYDAY#` item, so the two never disagree.
 * One Query `BETWEEN ACTIVITY#<from> AND ACTIVITY#<to>~` reads a period for every member at once:
 * the requests grow with the period's activity (about 8,000 member-days a 1 MB page), never with
 * the study's history before it. `ACTIVITY#` sorts before `JOINREQ#`, outside the ranges the study
 * detail reads.
 */
const studyActivitySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    user_id: orDefault(z.string(), ''),
    date: orDefault(z.string(), ''),
    answered_count: orDefault(z.number(), 0),
    correct_count: orDefault(z.number(), 0),
    study_seconds: orDefault(z.number(), 0),
    last_activity_at: orDefault(z.nullable(z.string()), null),
  }),
);

const SK_PREFIX = 'ACTIVITY#';

export const studyActivityEntity = {
  type: 'STUDY_ACTIVITY',
  skPrefix: SK_PREFIX,
  key: (studyId: string, date: string, userId: string) => ({
    pk: `STUDY#${studyId}`,
    sk: `${SK_PREFIX}${date}#${userId}`,
  }),
  /** The first and last sort keys of a period (dates inclusive). */
  range: (from: string | null, to: string) => ({
    from: from ? `${SK_PREFIX}${from}#` : SK_PREFIX,
    to: `${SK_PREFIX}${to}#~`,
  }),
  parse: /* @__PURE__ */ itemParser(studyActivitySchema),
};
export type StudyActivityRecord = ReturnType<typeof studyActivityEntity.parse>;
