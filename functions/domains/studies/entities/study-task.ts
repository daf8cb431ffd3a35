import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { childId, localSk, parseChildId } from './study.js';

/** `STUDY#<sid>`/`TASK#<n>`: a study task; id `<sid>_<n>` (study.ts `childId`). */
const studyTaskSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study_id: z.string(),
    name_ko: orDefault(z.string(), ''),
    name_en: orDefault(z.string(), ''),
    /** The linked exam (an `EXAM#<id>`/`STUDYLINK#<sid>#<taskId>` item mirrors it), or null. */
    exam_id: orDefault(z.nullable(z.string()), null),
    /** Snapshots of the exam for lists without an exam read (exam titles are renamed rarely; refreshed on task save). */
    exam_title_ko: orDefault(z.string(), ''),
    exam_title_en: orDefault(z.string(), ''),
    exam_title: orDefault(z.string(), ''),
    exam_total_questions: orDefault(z.number(), 0),
    progress: orDefault(z.number(), 0),
    is_public: z.boolean(),
    created_at: z.string(),
  }),
);
export type StudyTaskRecord = z.infer<ReturnType<typeof studyTaskSchema>>;
const SK_PREFIX = 'TASK#';

export const studyTaskEntity = {
  key: (studyId: string, localId: number) => ({ pk: `STUDY#${studyId}`, sk: localSk(SK_PREFIX, localId) }),
  /** The key of a task id, or null when the id is not a task id. */
  keyOfId(taskId: string) {
    const parsed = parseChildId(taskId);
    return parsed ? studyTaskEntity.key(parsed.studyId, parsed.localId) : null;
  },
  newId: childId,
  skPrefix: SK_PREFIX,
  isTaskItem: (item: StoredItem) => String(item.sk).startsWith(SK_PREFIX),
  item(task: StudyTaskRecord): StoredItem {
    const parsed = parseChildId(task.id);
    if (!parsed) throw new Error(`not a task id: ${task.id}`);
    return { ...withoutKeys(task), ...studyTaskEntity.key(parsed.studyId, parsed.localId), type: 'STUDY_TASK' };
  },
  parse: /* @__PURE__ */ itemParser(studyTaskSchema),
};
