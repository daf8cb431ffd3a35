import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studyProgressOf, taskProgress } from '#shared/domain/study-progress.js';
import { dashboardView } from '../../web/src/features/study-progress/utils/dashboard-view.js';

/** One study progress (D300): the header, the dashboard's card and its task rows say the same figure. */
const task = fc
  .integer({ min: 0, max: 9_999 })
  .chain((questions) =>
    fc.record({ questions: fc.constant(questions), correct: fc.integer({ min: 0, max: questions }) }),
  );

describe('study progress rule', () => {
  it('recovers each task’s correct questions from its correct_progress, and the whole is the sum of the rows', () => {
    fc.assert(
      fc.property(fc.array(task, { maxLength: 12 }), (tasks) => {
        const rows = tasks.map((t) => ({
          questions: t.questions,
          correctProgress: taskProgress({
            totalQuestions: t.questions,
            correctQuestions: t.correct,
            attemptedQuestions: t.correct,
            totalAttempts: t.correct,
            correctAttempts: t.correct,
          }).correct_progress,
        }));
        const whole = studyProgressOf(rows);
        expect(rows.map((r) => studyProgressOf([r]).correct)).toEqual(tasks.map((t) => t.correct));
        expect(whole.correct).toBe(tasks.reduce((sum, t) => sum + t.correct, 0));
        expect(whole.total).toBe(tasks.reduce((sum, t) => sum + t.questions, 0));
        expect(whole.percent).toBe(whole.total ? Math.round((whole.correct / whole.total) * 10_000) / 100 : 0);
      }),
    );
  });

  it('the dashboard’s progress card is its rows’ sum, apart from the period’s answers', () => {
    const view = dashboardView({
      summary: { total_tasks: 2, answered_count: 0, correct_count: 0, total_study_time_seconds: 0 },
      task_study_times: ['a', 'b'].map((id) => ({
        task_id: id,
        task_name: id,
        has_exam: true,
        exam_id: `e-${id}`,
        exam_title: id,
        study_time_seconds: 0,
        study_time_minutes: 0,
        answered_count: 0,
        correct_count: 0,
      })),
      daily_study_times: [],
      task_progress: [
        { task_id: 'a', total_questions: 18, correct_progress: 5.56 },
        { task_id: 'b', total_questions: 0, correct_progress: 0 },
      ],
    });
    expect(view.cards.progress).toEqual({ correct: 1, total: 18, percent: 5.56 });
    expect(view.tasks.map((t) => t.progress.correct)).toEqual([1, 0]);
    // Nothing answered in the period: the period's card says 0 while progress (all time) says 1/18.
    expect(view.cards.answered).toBe(0);
  });
});
