import * as z from 'zod/mini';
import { lazy, itemParser, orDefault } from '../../../runtime/data/item.js';

/** Shards of the question-pool counter: every import and file deletion moves one at random. */
export const QUESTION_COUNTER_SHARDS = 10;

/** `COUNTER#QUESTIONS#<0..9>`/`COUNTER` {count}: writers ADD on a random shard, readers sum all (E27). */
const counterSchema = /* @__PURE__ */ lazy(() => z.object({ count: orDefault(z.number(), 0) }));

export const questionPoolCounterEntity = {
  key: (shard: number) => ({ pk: `COUNTER#QUESTIONS#${shard}`, sk: 'COUNTER' }),
  shards: QUESTION_COUNTER_SHARDS,
  allKeys: () => Array.from({ length: QUESTION_COUNTER_SHARDS }, (_, shard) => questionPoolCounterEntity.key(shard)),
  randomKey: () => questionPoolCounterEntity.key(Math.floor(Math.random() * QUESTION_COUNTER_SHARDS)),
  parse: /* @__PURE__ */ itemParser(counterSchema),
};
