import * as z from 'zod';
import { lazy, withoutKeys, type StoredItem } from './item.js';

/** `EXAM#<id>`/`STUDYLINK#<studyId>#<taskId>` (written by the studies feature, S13). */
const studyLinkSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    study_id: z.string().optional(),
    study_title_ko: z.string().optional(),
    study_title_en: z.string().optional(),
    is_public: z.boolean().optional(),
  }),
);
export type StudyLinkRecord = z.infer<ReturnType<typeof studyLinkSchema>> & { study_id: string };
const SK_PREFIX = 'STUDYLINK#';

export const studyLinkEntity = {
  key: (examId: string, studyId: string, taskId: string) => ({ pk: `EXAM#${examId}`, sk: `${SK_PREFIX}${studyId}#${taskId}` }),
  skPrefix: SK_PREFIX,
  /** The study id comes from the item, or from its sort key for links written without it. */
  parse(item: StoredItem): StudyLinkRecord {
    const link = studyLinkSchema().parse(withoutKeys(item));
    return { ...link, study_id: link.study_id ?? String(item.sk).split('#')[1] ?? '' };
  },
};
