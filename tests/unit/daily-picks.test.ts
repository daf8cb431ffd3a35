import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyPicks } from '../../functions/domains/exams/daily-exam.js';
import type { LearnerQueue } from '../../functions/domains/exams/learner-queue.js';
import type { ExamRecord, StoredQuestion } from '../../functions/domains/exams/exam-store.js';
import { orderReviewQueue } from '../../functions/domains/learning/review-queue.js';
import { isUnseen } from '../../functions/domains/learning/daily-selection.js';
import { engineFor, retrievability, type FsrsCard } from '../../functions/domains/learning/fsrs.js';
import type { DueEntry } from '../../functions/domains/learning/review-store.js';
import { daysFrom, fsrsCard } from '../support/fsrs-cards.js';

/** The daily exam's picks from the learner's queue (D184, D187), over random learners. */
const now = new Date('2026-03-10T03:00:00Z');
type Kind = 'due' | 'learning' | 'unseen' | 'answered';

const card = (state: FsrsCard['state'], dueOffsetDays: number, stability: number): FsrsCard =>
  fsrsCard({ state, due: daysFrom(now, dueOffsetDays), stability, lastReview: daysFrom(now, -(stability + 1)) });

const learner = fc.record({
  questions: fc.array(
    fc.record({
      kind: fc.constantFrom<Kind>('due', 'learning', 'unseen', 'answered'),
      ignored: fc.boolean(),
      wrong: fc.nat(4),
      offset: fc.double({ min: -20, max: -0.001, noNaN: true }),
      stability: fc.double({ min: 0.5, max: 40, noNaN: true }),
    }),
    { maxLength: 60 },
  ),
  newPerDay: fc.nat(25),
  reviewsPerDay: fc.nat(25),
  doneNew: fc.nat(5),
  doneReviews: fc.nat(5),
  count: fc.integer({ min: 1, max: 50 }),
});

type Learner = typeof learner extends fc.Arbitrary<infer T> ? T : never;

function queueOf(l: Learner): LearnerQueue {
  const exam = { id: 'e1' } as ExamRecord;
  const where = new Map<string, { exam: ExamRecord; question: StoredQuestion }>();
  const due = new Map<string, DueEntry>();
  const stats = new Map<string, Record<string, unknown>>();
  const candidates: string[] = [];
  const ignored = new Set<string>();
  l.questions.forEach((q, i) => {
    const id = `q${i}`;
    where.set(id, { exam, question: { id } as StoredQuestion });
    if (q.ignored) ignored.add(id);
    const attempts = { total_attempts: 1 + q.wrong, correct_attempts: 1 };
    if (q.kind === 'due' || q.kind === 'learning') {
      const c = card(q.kind === 'due' ? 'review' : 'learning', q.offset, q.stability);
      due.set(id, { questionId: id, examId: exam.id, card: c, version: 1, item: { ...attempts, fsrs: c } });
    } else {
      candidates.push(id);
      if (q.kind === 'answered') stats.set(id, { ...attempts, fsrs: card('review', 10, q.stability) });
    }
  });
  const entries = [...due.values()];
  const statOf = (id: string) => stats.get(id) as { total_attempts: number; correct_attempts: number } | undefined;
  const ordered = orderReviewQueue({
    due: entries.filter((d) => d.card.state === 'review').map((d) => ({ questionId: d.questionId, card: d.card })),
    learning: entries
      .filter((d) => d.card.state !== 'review')
      .map((d) => ({ questionId: d.questionId, due: d.card.due })),
    candidates: candidates.map((id) => ({ questionId: id, unseen: isUnseen(statOf(id)) })),
    available: new Set(where.keys()),
    ignored,
    limits: { newPerDay: l.newPerDay, reviewsPerDay: l.reviewsPerDay },
    doneToday: { new: l.doneNew, reviews: l.doneReviews },
    now,
    pageSize: l.count,
  });
  return {
    day: '2026-03-10',
    ordered,
    where,
    available: new Set(where.keys()),
    readQuestions: async () => undefined,
    due,
    stats,
    candidates,
    ignored,
    done: { new: l.doneNew, reviews: l.doneReviews, graded: 0 },
    limits: { newPerDay: l.newPerDay, reviewsPerDay: l.reviewsPerDay },
    now,
    curve: engineFor(0.9),
  };
}

describe('daily picks from the queue', () => {
  it('start with the queue, keep its limits, fill only with answered questions, never ignored or repeated', () => {
    fc.assert(
      fc.property(learner, (l) => {
        const queue = queueOf(l);
        const picks = dailyPicks(queue, l.count);
        const ids = picks.map((p) => p.questionId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(l.count);
        expect(ids.slice(0, queue.ordered.page.length)).toEqual(queue.ordered.page.map((e) => e.questionId));
        expect(ids.some((id) => queue.ignored.has(id))).toBe(false);
        const kindOf = (id: string) => l.questions[Number(id.slice(1))]!.kind as Kind;
        expect(ids.filter((id) => kindOf(id) === 'due').length).toBeLessThanOrEqual(
          Math.max(0, l.reviewsPerDay - l.doneReviews),
        );
        expect(ids.filter((id) => kindOf(id) === 'unseen').length).toBeLessThanOrEqual(
          Math.max(0, l.newPerDay - l.doneNew),
        );
        const fill = picks.filter((p) => p.reason === 'weakest').map((p) => p.questionId);
        expect(fill.every((id) => kindOf(id) === 'answered' || kindOf(id) === 'learning')).toBe(true);
        // The fill takes the lowest predicted recall first (D315).
        const recall = (id: string) => {
          const stat = queue.due.get(id)?.item ?? queue.stats.get(id);
          return retrievability(stat!.fsrs as FsrsCard, now, queue.curve);
        };
        for (let k = 1; k < fill.length; k++) expect(recall(fill[k - 1]!)).toBeLessThanOrEqual(recall(fill[k]!));
        // Short of `count` only when nothing answered is left out.
        if (ids.length < l.count) {
          const left = l.questions
            .map((q, i) => ({ q, id: `q${i}` }))
            .filter(({ q, id }) => !q.ignored && (q.kind === 'answered' || q.kind === 'learning') && !ids.includes(id));
          expect(left).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
