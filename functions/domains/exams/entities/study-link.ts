import * as z from 'zod/mini';
import { lazy, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';

/** `EXAM#<id>`/`STUDYLINK#<studyId>#<taskId>` (written by the studies feature, S13). */
const studyLinkSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    study_id: z.optional(z.string()),
    task_id: z.optional(z.string()),
    study_title_ko: z.optional(z.string()),
    study_title_en: z.optional(z.string()),
    is_public: z.optional(z.boolean()),
  }),
);
export type StudyLinkRecord = z.infer<ReturnType<typeof studyLinkSchema>> & { study_id: string; task_id: string };
const SK_PREFIX = 'STUDYLINK#';

export const studyLinkEntity = {
  key: (examId: string, studyId: string, taskId: string) => ({
    pk: `EXAM#${examId}`,
    sk: `${SK_PREFIX}${studyId}#${taskId}`,
  }),
  skPrefix: SK_PREFIX,
  /** The link a study's task writes into the exam's partition, with the study's title and visibility as they are now. */
  item: (examId: string, link: StudyLinkRecord): StoredItem => ({
    ...studyLinkEntity.key(examId, link.study_id, link.task_id),
    type: 'STUDYLINK',
    ...link,
  }),
  /** The study and task ids come from the item, or from its sort key for links written without them. */
  parse(item: StoredItem): StudyLinkRecord {
    const link = studyLinkSchema().parse(withoutKeys(item));
    const [, studyId, taskId] = String(item.sk).split('#');
    return { ...link, study_id: link.study_id ?? studyId ?? '', task_id: link.task_id ?? taskId ?? '' };
  },
};
