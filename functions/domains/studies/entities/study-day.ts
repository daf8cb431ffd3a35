import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/**
 * `USER#<uid>`/`STUDYDAY#<sid>#<yyyy-mm-dd>`: a member's activity in one study on one UTC day (S23
 * record-study-progress, S24 study time on submit, S25 history; D80). One Query
 * `BETWEEN key(from) AND key(to)` reads a period.
 *
 * Per-task seconds are top-level attributes `task_seconds_<taskId>` rather than a map: the submit's
 * transaction adds to them with one `ADD`, which a map cannot take when the item (or the map) does
 * not exist yet. `parse` gathers them into `task_seconds`.
 */
const studyDaySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    study_id: orDefault(z.string(), ''),
    date: orDefault(z.string(), ''),
    access_count: orDefault(z.number(), 0),
    /** The day's highest overall (correct) progress, %, and the attempted progress recorded with it. */
    highest_progress: orDefault(z.nullable(z.number()), null),
    attempted_progress: orDefault(z.nullable(z.number()), null),
    last_recorded_at: orDefault(z.nullable(z.string()), null),
    study_seconds: orDefault(z.number(), 0),
    /** Answers given / correct in the day's submits (each submit once per study; older days have none). */
    answered_count: orDefault(z.number(), 0),
    correct_count: orDefault(z.number(), 0),
  }),
);
const parseDay = /* @__PURE__ */ itemParser(studyDaySchema);
export type StudyDayRecord = ReturnType<typeof parseDay> & {
  task_seconds: Record<string, number>;
  task_answered: Record<string, number>;
  task_correct: Record<string, number>;
};

const SK_PREFIX = 'STUDYDAY#';
const TASK_SECONDS_PREFIX = 'task_seconds_';
const TASK_ANSWERED_PREFIX = 'task_answered_';
const TASK_CORRECT_PREFIX = 'task_correct_';

export const studyDayEntity = {
  key: (userId: string, studyId: string, date: string) => ({
    pk: userPk(userId),
    sk: `${SK_PREFIX}${studyId}#${date}`,
  }),
  type: 'STUDYDAY',
  /** Every day of every study of the user: `begins_with(sk, skPrefix)`. */
  skPrefix: SK_PREFIX,
  /** Every day of one study: `begins_with(sk, prefix(studyId))`; a study removed from a user goes with this prefix. */
  prefix: (studyId: string) => `${SK_PREFIX}${studyId}#`,
  /** The attribute holding one task's seconds of the day. */
  taskSecondsAttribute: (taskId: string) => `${TASK_SECONDS_PREFIX}${taskId}`,
  /** The attributes holding one task's answers and correct answers of the day. */
  taskAnsweredAttribute: (taskId: string) => `${TASK_ANSWERED_PREFIX}${taskId}`,
  taskCorrectAttribute: (taskId: string) => `${TASK_CORRECT_PREFIX}${taskId}`,
  parse(item: StoredItem): StudyDayRecord {
    const day = parseDay(item);
    const task_seconds: Record<string, number> = {};
    const task_answered: Record<string, number> = {};
    const task_correct: Record<string, number> = {};
    for (const [name, value] of Object.entries(item)) {
      if (typeof value !== 'number') continue;
      if (name.startsWith(TASK_SECONDS_PREFIX)) task_seconds[name.slice(TASK_SECONDS_PREFIX.length)] = value;
      else if (name.startsWith(TASK_ANSWERED_PREFIX)) task_answered[name.slice(TASK_ANSWERED_PREFIX.length)] = value;
      else if (name.startsWith(TASK_CORRECT_PREFIX)) task_correct[name.slice(TASK_CORRECT_PREFIX.length)] = value;
    }
    const date = day.date || String(item.sk).slice(String(item.sk).lastIndexOf('#') + 1);
    return { ...day, date, task_seconds, task_answered, task_correct };
  },
};
