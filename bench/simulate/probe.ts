import { LIMITS } from '#shared/domain/limits.js';
import {
  engineFor,
  retrievability,
  elapsedLearnerDays,
  type DailyQuestionStat,
} from '../../functions/domains/learning/index.js';
import { queueChoice } from '../simulate-queue.js';
import type { Policy } from './policies.js';

const curve = engineFor(LIMITS.desiredRetention.default);

/**
 * `--policies probe,…`: the product's queue that prints, at days 20, 30 and 45 (stderr), the
 * learner's later-day answers by gap (count: right rate / right over predicted) and D485's
 * forgetting-shape ratio (gaps ≥ 3 days over 1–2 days), to see whether it tells the families apart.
 */
export const probe: Policy = {
  scheduler: curve,
  make: () => {
    let stats: ReadonlyMap<string, DailyQuestionStat> = new Map();
    let now = new Date();
    const rows: { el: number; pred: number; ok: boolean; reps: number; lapses: number; state: string }[] = [];
    return {
      choose: (input) => {
        stats = input.stats;
        now = input.now;
        if ([20, 30, 45].includes(input.day)) {
          const rate = (xs: typeof rows) => (xs.length ? xs.filter((r) => r.ok).length / xs.length : NaN);
          const cal = (xs: typeof rows) => xs.filter((r) => r.ok).length / xs.reduce((s, r) => s + r.pred, 0);
          const later = rows.filter((r) => r.el >= 1);
          const b = (lo: number, hi: number) => later.filter((r) => r.el >= lo && r.el <= hi);
          const fmt = (xs: typeof rows) => `${xs.length}:${rate(xs).toFixed(2)}/${cal(xs).toFixed(2)}`;
          console.error(
            `day ${input.day} el1 ${fmt(b(1, 1))} el2-3 ${fmt(b(2, 3))} el4-7 ${fmt(b(4, 7))} el8+ ${fmt(b(8, 999))} ratio ${(cal(b(3, 999)) / cal(b(1, 2))).toFixed(2)}`,
          );
        }
        return queueChoice({ ids: input.ids, stats: input.stats, now: input.now, count: input.count }).map((p) => ({
          id: p.questionId,
          kind: p.reason,
        }));
      },
      answered: (id, ok) => {
        const card = stats.get(id)?.fsrs;
        if (!card) return;
        rows.push({
          el: elapsedLearnerDays(card, now),
          pred: retrievability(card, now, curve),
          ok,
          reps: card.reps,
          lapses: card.lapses,
          state: card.state,
        });
      },
    };
  },
};
