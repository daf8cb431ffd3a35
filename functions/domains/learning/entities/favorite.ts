import * as z from 'zod/mini';
import { lazy, itemParser, type StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';
import { storedQuestionSchema } from '../../files/index.js';

/** `USER#<id>`/`FAV#<questionId>`: a snapshot of the question and of the exam it was favorited in. */
const favoriteSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    question_id: z.string(),
    question: storedQuestionSchema(),
    exam_id: z.string(),
    exam_title: z.string(),
    exam_title_ko: z.string(),
    exam_title_en: z.string(),
    favorited_at: z.string(),
  }),
);
export type FavoriteRecord = z.infer<ReturnType<typeof favoriteSchema>>;
const SK_PREFIX = 'FAV#';

const idOnlySchema = /* @__PURE__ */ lazy(() => z.object({ question_id: z.string() }));

export const favoriteEntity = {
  key: (userId: string, questionId: string) => ({ pk: userPk(userId), sk: `${SK_PREFIX}${questionId}` }),
  skPrefix: SK_PREFIX,
  /** Prefix property (docs/architecture.md §2.1): the favorites among one file's questions. */
  fileSkPrefix: (fileId: string) => `${SK_PREFIX}${fileId}-`,
  /** A favorite read with `ProjectionExpression: 'question_id'` (the overlay, L17). */
  parseQuestionId: (item: StoredItem): string => idOnlySchema().parse(item).question_id,
  item: (userId: string, favorite: FavoriteRecord): StoredItem => ({
    ...favoriteEntity.key(userId, favorite.question_id),
    type: 'FAVORITE',
    ...favorite,
  }),
  parse: /* @__PURE__ */ itemParser(favoriteSchema),
};
