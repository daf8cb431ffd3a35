import * as z from 'zod/mini';
import { lazy, itemParser } from '../../../runtime/data/item.js';

/**
 * `EXAM#<id>`/`QSEQ` {next_position, version_count}: the position counter of questions added one by one (E20) and,
 * on an original, how many versions were made (D193); no index keys, so it is cheap to bump.
 */
const positionCounterSchema = /* @__PURE__ */ lazy(() => z.object({ next_position: z.number() }));

export const questionPositionCounterEntity = {
  key: (examId: string) => ({ pk: `EXAM#${examId}`, sk: 'QSEQ' }),
  type: 'EXAM_QSEQ',
  parse: /* @__PURE__ */ itemParser(positionCounterSchema),
};
