import { describe, expect, it } from 'vitest';
import { SCHEDULES, msUntilNextRun } from '../../infra/definitions/schedules.js';

describe('schedules', () => {
  const daily = SCHEDULES.find((s) => s.name === 'daily-quiz-email')!;
  it('runs later today when the time has not passed', () => {
    expect(msUntilNextRun(daily, new Date('2026-01-01T21:00:00Z'))).toBe(3600_000);
  });
  it('runs tomorrow when the time has passed', () => {
    expect(msUntilNextRun(daily, new Date('2026-01-01T22:00:00Z'))).toBe(24 * 3600_000);
  });
  it('defines both jobs with handlers', () => {
    expect(SCHEDULES.map((s) => s.name).sort()).toEqual([
      'daily-quiz-email',
      'fsrs-fit',
      'index-shards',
      'retention-cleanup',
    ]);
  });
});
