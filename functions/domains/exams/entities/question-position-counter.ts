import * as z from 'zod/mini';
import { lazy, itemParser } from '../../../runtime/data/item.js';

/**
 * `EXAM#<id>`/`QSEQ` {next_position, version_count, content_version}: the position counter of questions added one
 * by one (E20), on an original how many versions were made (D193), and the exam's content version (D405): every
 * write of the exam item or of its questions adds 1, so a cached read knows it is current. No index keys, so it is
 * cheap to bump.
 */
const positionCounterSchema = /* @__PURE__ */ lazy(() => z.object({ next_position: z.number() }));

export const questionPositionCounterEntity = {
  key: (examId: string) => ({ pk: `EXAM#${examId}`, sk: 'QSEQ' }),
  type: 'EXAM_QSEQ',
  parse: /* @__PURE__ */ itemParser(positionCounterSchema),
  /** `ADD content_version 1` (the item is made on first use). */
  contentVersionBump: (examId: string, table: string) => ({
    Update: {
      TableName: table,
      Key: { pk: `EXAM#${examId}`, sk: 'QSEQ' },
      UpdateExpression: 'ADD content_version :one SET #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'EXAM_QSEQ' },
    },
  }),
};
