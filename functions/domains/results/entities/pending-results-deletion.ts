import * as z from 'zod/mini';
import { lazy, itemParser, orDefault, type StoredItem } from '../../../runtime/data/item.js';

/**
 * `EXAM#<examId>`/`RESULTSDELETE`: an admin's "delete everyone's results" of an exam
 * (`delete-question-results` with `delete_all`, L13) that did not finish inside its request. Listed
 * in gsi2 `RESULTSDELETES` so the nightly retention-cleanup job finishes it without a Scan; `after`
 * is the last taker done (takers are read in user-id order). Outside the exam read's `EXAM`…`Q#~` range.
 */
const pendingSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    exam_id: z.string(),
    /** The questions whose statistics go (the exam's, or the selection's, when it was asked). */
    question_ids: z.array(z.string()),
    requested_by_id: z.string(),
    requested_at: z.string(),
    after: orDefault(z.nullable(z.string()), null),
  }),
);
export type PendingResultsDeletionRecord = z.infer<ReturnType<typeof pendingSchema>>;
const PENDING_PARTITION = 'RESULTSDELETES';

export const pendingResultsDeletionEntity = {
  key: (examId: string) => ({ pk: `EXAM#${examId}`, sk: 'RESULTSDELETE' }),
  pendingPartition: PENDING_PARTITION,
  item: (record: PendingResultsDeletionRecord): StoredItem => ({
    ...pendingResultsDeletionEntity.key(record.exam_id),
    type: 'PENDING_RESULTS_DELETION',
    gsi2pk: PENDING_PARTITION,
    gsi2sk: `${record.requested_at}#${record.exam_id}`,
    ...record,
  }),
  parse: /* @__PURE__ */ itemParser(pendingSchema),
};
