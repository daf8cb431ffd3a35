import { describe, expect, it } from 'vitest';
import {
  examEntity,
  EXAM_LIST_SHARDS,
  examListShards,
  examShardOf,
} from '../../functions/domains/exams/entities/exam.js';
import { newId } from '../../functions/runtime/data/ids.js';

describe('exam-list shards (gsi2)', () => {
  it('puts an exam in the same shard whatever its visibility', () => {
    const id = newId();
    const pub = examEntity.visibilityIndex(true, '2026-01-01T00:00:00.000Z', id).gsi2pk;
    const priv = examEntity.visibilityIndex(false, '2026-01-01T00:00:00.000Z', id).gsi2pk;
    expect(pub).toBe(`PUBLICEXAMS#${examShardOf(id)}`);
    expect(priv).toBe(`PRIVATEEXAMS#${examShardOf(id)}`);
    expect(examListShards(true)).toContain(pub);
  });

  it('spreads ids over every shard roughly evenly', () => {
    const counts = new Array(EXAM_LIST_SHARDS).fill(0);
    for (let i = 0; i < 4000; i++) counts[examShardOf(newId())]++;
    for (const count of counts) expect(count).toBeGreaterThan(4000 / EXAM_LIST_SHARDS / 2);
  });
});
