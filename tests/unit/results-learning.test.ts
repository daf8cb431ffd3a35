import { describe, expect, it, vi } from 'vitest';
import { default_w } from 'ts-fsrs';
import { newCard, reviewCard } from '../../functions/domains/learning/fsrs.js';
import { accuracyOf, nextStat, statCondition } from '../../functions/domains/learning/question-stat.js';
import { DATED_FROM } from '../../functions/domains/learning/entities/question-stat.js';
import { reviewCalendarEntity } from '../../functions/domains/learning/entities/review-calendar.js';
import { reviewLogWrites, reviewRow } from '../../functions/domains/learning/review-log.js';
import { adjustment } from '../../functions/domains/results/results.js';
import { gradeAnswer } from '../../functions/domains/results/submit.js';

describe('FSRS wrapper', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  it('uses the FSRS-6 default weights (21 parameters)', () => {
    expect(default_w).toHaveLength(21);
  });
  it('Good moves a new card to learning, then to review with a later due; Again is a lapse', () => {
    const c1 = reviewCard(undefined, true, t0);
    expect(c1).toMatchObject({ state: 'learning', reps: 1, lapses: 0 });
    const c2 = reviewCard(c1, true, new Date(c1.due));
    expect(c2).toMatchObject({ state: 'review', reps: 2, lapses: 0 });
    expect(Date.parse(c2.due)).toBeGreaterThan(Date.parse(c1.due));
    const c3 = reviewCard(c2, false, new Date(c2.due));
    expect(c3).toMatchObject({ state: 'relearning', reps: 3, lapses: 1 });
    expect(c3.stability).toBeLessThan(c2.stability);
  });
  it('is deterministic and survives a review dated before the last one', () => {
    const c1 = reviewCard(undefined, false, t0);
    expect(reviewCard(undefined, false, t0)).toEqual(c1);
    expect(() => reviewCard(c1, true, new Date('2025-01-01T00:00:00Z'))).not.toThrow();
    expect(newCard(t0)).toMatchObject({ state: 'new', reps: 0 });
  });
});

describe('question statistics', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('adds attempts to legacy items and keeps the read attributes', () => {
    const item = nextStat('u1', 'f-1', { total_attempts: 4, correct_attempts: 1 }, [true], now, 'e1');
    expect(item).toMatchObject({
      pk: 'USER#u1',
      sk: 'QSTAT#f-1',
      question_id: 'f-1',
      total_attempts: 5,
      correct_attempts: 2,
      last_correct: true,
      version: 1,
      exam_id: 'e1',
    });
    // A first answer leaves the card in its learning steps: on the due index as a learning entry (D185).
    expect(item.fsrs.state).toBe('learning');
    expect(item.gsi1pk).toBe('USER#u1#DUE');
    expect(item.gsi1sk).toBe(`#L${item.fsrs.due}#f-1`);
    expect(statCondition(undefined).ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(statCondition({ total_attempts: 1 }).ConditionExpression).toContain('attribute_not_exists(version)');
    expect(statCondition({ version: 3 })).toMatchObject({
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': 3 },
    });
  });
  it('indexes review cards as due', () => {
    const first = nextStat('u1', 'f-1', undefined, [true], now, 'e1');
    const second = nextStat('u1', 'f-1', first as never, [true], new Date(first.fsrs.due), 'e1');
    expect(second.gsi1pk).toBe('USER#u1#DUE');
    expect(second.gsi1sk).toBe(`${second.fsrs.due}#f-1`);
  });
  it('keeps learning entries before every dated entry, so counts of reviews can start after them', () => {
    const learning = nextStat('u1', 'f-1', undefined, [true], now, 'e1');
    expect(learning.gsi1sk! < DATED_FROM).toBe(true);
    expect('2000-01-01T00:00:00.000Z#q' > DATED_FROM).toBe(true);
    const adjusted = nextStat('u1', 'f-2', undefined, [true], now, 'e1', { reviews: [] });
    expect(adjusted.fsrs.state).toBe('new');
    expect(adjusted.gsi1pk).toBeUndefined();
  });
  it('rounds accuracy, 0 without attempts', () => {
    expect(accuracyOf(0, 0)).toBe(0);
    expect(accuracyOf(3, 2)).toBe(67);
  });
});

describe('accuracy adjustment', () => {
  it('records one attempt without a target', () => {
    expect(adjustment(2, 1, 'clear')).toEqual({ attempts: 1, correct: 1 });
    expect(adjustment(2, 1, 'ambiguous')).toEqual({ attempts: 1, correct: 0 });
  });
  it('adds the fewest attempts that reach the target', () => {
    expect(adjustment(2, 1, 'ambiguous', 20)).toEqual({ attempts: 3, correct: 0 });
    expect(adjustment(5, 1, 'clear', 60)).toEqual({ attempts: 5, correct: 5 });
    expect(adjustment(0, 0, 'clear', 100)).toEqual({ attempts: 1, correct: 1 });
    expect(adjustment(10, 0, 'clear', 100).attempts).toBeLessThanOrEqual(1000);
  });
});

describe('server grading', () => {
  const q = (fields: Record<string, string>) => ({ id: 'f-1', ...fields });
  it('uses the caller language with ko/en fallback and the shared rule', () => {
    const both = q({ answer_ko: '파드', answer_en: 'pod', content_ko: '내용', content_en: 'content' });
    expect(gradeAnswer(both, 'POD ', 'en')).toBe(true);
    expect(gradeAnswer(both, 'pod', 'ko')).toBe(false);
    expect(gradeAnswer(q({ answer_ko: '예' }), 'yes', 'en')).toBe(true);
    expect(gradeAnswer(q({ answer_en: 'B; D', content_en: 'Pick\nA) a\nB) b\nC) c\nD) d' }), 'd,b', 'ko')).toBe(true);
    expect(gradeAnswer(q({ answer_ko: '정답' }), ' ', 'ko')).toBe(false);
  });
});

describe('exam answers against the daily limits (D186)', () => {
  it('count cards answered new and in review on the review calendar, in its one Update', () => {
    vi.stubEnv('APP_TABLE', 'app');
    const t0 = new Date('2026-01-01T00:00:00Z');
    const fresh = nextStat('u1', 'q1', undefined, [true], t0, 'e1');
    const review = { ...fresh.fsrs, state: 'review' as const, stability: 5, scheduled_days: 5 };
    const rows = [
      reviewRow('q1', undefined, fresh.fsrs, true, 3),
      reviewRow('q2', review, review, false, 4),
      reviewRow('q3', fresh.fsrs, fresh.fsrs, true, 5),
    ];
    const writes = reviewLogWrites(
      'u1',
      'r1#0',
      { answered_at: t0.toISOString(), exam_id: 'e1', result_id: 'r1', reviews: rows },
      '2026-01-01',
    );
    expect(writes).toHaveLength(2);
    const update = writes[1]!.Update!;
    expect(update.ExpressionAttributeNames).toMatchObject({ '#day': 'd01-01', '#new': 'n01-01', '#rev': 'r01-01' });
    expect(update.ExpressionAttributeValues).toMatchObject({ ':n': 3, ':new': 1, ':rev': 1 });
    expect(reviewCalendarEntity.limitCounts({ 'n01-01': 1, 'r01-01': 1, 'd01-01': 3 }, '2026-01-01')).toEqual({
      new: 1,
      reviews: 1,
    });
    expect(reviewCalendarEntity.limitCounts(undefined, '2026-01-02')).toEqual({ new: 0, reviews: 0 });
  });
});
