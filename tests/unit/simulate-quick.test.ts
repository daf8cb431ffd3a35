import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `npm run simulate -- --quick` still runs end to end: both learner families, every policy, fits included. */
describe('simulate --quick', () => {
  it('prints a table per family with the four policies and the fits it ran', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/simulate-daily-quiz.ts', '--quick'], {
      encoding: 'utf8',
    });
    for (const family of ['### fsrs-far, 60 questions', '### act-r, 60 questions']) expect(out).toContain(family);
    for (const policy of ['queue, per-learner fitting', 'queue, default weights', "original's rule", 'random'])
      expect(out.split(`| ${policy} |`).length - 1).toBe(2);
    expect(out).toMatch(/fits run [1-9]\d*, kept over the defaults \d+/);
  }, 120_000);
});
