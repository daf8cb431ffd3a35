import type { StoredItem } from '../../../runtime/data/item.js';
import { userPk } from '../../../runtime/data/key-parts.js';

/** `USER#<creatorId>`/`EXAMTITLE#<titleKey>` {exam_id, owner_id}: reserves a title (nameKey) per creator. */
export const examTitleClaimEntity = {
  key: (userId: string, titleKey: string) => ({ pk: userPk(userId), sk: `EXAMTITLE#${titleKey}` }),
  item: (userId: string, titleKey: string, examId: string): StoredItem => ({
    ...examTitleClaimEntity.key(userId, titleKey),
    type: 'EXAMTITLE',
    exam_id: examId,
    owner_id: userId,
  }),
};
