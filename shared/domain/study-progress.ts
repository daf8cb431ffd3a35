/**
 * Pure rules of study progress (docs/product.md#study-progress, #limits; docs/decisions/studies.md D80–D84), shared by the server
 * (record-study-progress, statistics) and the dashboard.
 */

/** docs/product.md#limits: dashboard periods in days; absent means all. */
export const PROGRESS_PERIODS = [1, 7, 30, 365] as const;
export type ProgressPeriod = (typeof PROGRESS_PERIODS)[number];
export const DEFAULT_PROGRESS_PERIOD: ProgressPeriod = 7;

/** The list page records progress at most once in this window (docs/product.md#limits). */
export const LIST_PROGRESS_THROTTLE_MS = 5 * 60 * 1000;
/** Studies one list-page call may record (the rest are skipped; D81). */
export const MAX_STUDIES_PER_PROGRESS_CALL = 20;

/** A day of activity is a UTC calendar date (D80). */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/** The first day of a period ending `today` (inclusive), or null for all. */
export function periodStart(today: string, days: number | null | undefined): string | null {
  if (!days) return null;
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return dayOf(start);
}

/** Every date from `from` to `to`, both included (ISO dates). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); dayOf(day) <= to; day.setUTCDate(day.getUTCDate() + 1))
    dates.push(dayOf(day));
  return dates;
}

/** docs/product.md#limits: an estimate of questions attempted or correct from answer counts: ceil(attempts / 2), capped by the exam's size. */
export const estimatedQuestions = (attempts: number, totalQuestions: number): number =>
  Math.min(totalQuestions, Math.ceil(Math.max(0, attempts) / 2));

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** What the caller's results on one exam say (their exam summary). */
export interface ExamResultTotals {
  totalQuestions: number;
  /** Distinct questions answered correctly at least once / answered at all; null when not recorded (older results). */
  correctQuestions: number | null;
  attemptedQuestions: number | null;
  /** Answers given and correct answers over every sitting. */
  totalAttempts: number;
  correctAttempts: number;
}

export interface TaskProgress {
  correct_attempts: number;
  total_attempts: number;
  /** Correct answers of all answers, %, 1 decimal (docs/product.md#limits). */
  accuracy_percentage: number;
  /** Questions attempted / correct of the exam's questions, %, 2 decimals. */
  attempted_progress: number;
  correct_progress: number;
  attempted_questions: number;
  correct_questions: number;
}

/**
 * A task's progress from the caller's totals on its exam. Distinct question counts are exact where
 * recorded; otherwise the original client's estimate from answer counts applies (D82).
 */
export function taskProgress(totals: ExamResultTotals): TaskProgress {
  const total = Math.max(0, totals.totalQuestions);
  const correctQuestions = Math.min(
    total,
    totals.correctQuestions ?? estimatedQuestions(totals.correctAttempts, total),
  );
  const attemptedQuestions = Math.min(
    total,
    Math.max(correctQuestions, totals.attemptedQuestions ?? estimatedQuestions(totals.totalAttempts, total)),
  );
  return {
    correct_attempts: totals.correctAttempts,
    total_attempts: totals.totalAttempts,
    accuracy_percentage: totals.totalAttempts > 0 ? round((totals.correctAttempts / totals.totalAttempts) * 100, 1) : 0,
    attempted_progress: total > 0 ? round((attemptedQuestions / total) * 100, 2) : 0,
    correct_progress: total > 0 ? round((correctQuestions / total) * 100, 2) : 0,
    attempted_questions: attemptedQuestions,
    correct_questions: correctQuestions,
  };
}

/** The study's overall progress: questions attempted / correct over the questions of all its task exams, %, 2 decimals. */
export function overallProgress(tasks: { totalQuestions: number; progress: TaskProgress | null }[]): {
  attempted: number;
  correct: number;
} {
  const total = tasks.reduce((sum, t) => sum + Math.max(0, t.totalQuestions), 0);
  if (total === 0) return { attempted: 0, correct: 0 };
  const attempted = tasks.reduce((sum, t) => sum + (t.progress?.attempted_questions ?? 0), 0);
  const correct = tasks.reduce((sum, t) => sum + (t.progress?.correct_questions ?? 0), 0);
  return { attempted: round((attempted / total) * 100, 2), correct: round((correct / total) * 100, 2) };
}

/**
 * The one progress a study's screens say (D300): questions of its task exams answered correctly at least
 * once — in any exam, the study's own or random practice — over the questions of those exams, as
 * `correct/total (percent %)`. The header (study detail), the dashboard's progress card and its task
 * rows all compute it here from the tasks' `correct_progress` (`taskProgress`), so they cannot differ.
 * Answers and time "in this period" are another quantity (the study days), labelled as such.
 */
export function studyProgressOf(tasks: readonly { questions: number; correctProgress: number | null | undefined }[]): {
  correct: number;
  total: number;
  percent: number;
} {
  let correct = 0;
  let total = 0;
  for (const task of tasks) {
    const questions = Math.max(0, task.questions);
    total += questions;
    correct += Math.min(questions, Math.round(((task.correctProgress ?? 0) * questions) / 100));
  }
  return { correct, total, percent: total === 0 ? 0 : round((correct / total) * 100, 2) };
}

/** Seconds as whole minutes (docs/product.md#study-progress `study_time_minutes`). */
export const minutesOf = (seconds: number): number => Math.floor(seconds / 60);

/** docs/product.md#limits: study time shown in hours and minutes. */
export function hoursAndMinutes(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Random practice (docs/product.md#random-practice, #limits): default count 10, at least 1, at most the study's total. */
export const RANDOM_PRACTICE_DEFAULT_COUNT = 10;
export const RANDOM_PRACTICE_MAX_COUNT = 200;
export const clampPracticeCount = (count: number, total: number): number =>
  Math.max(Math.min(1, total), Math.min(Math.floor(count) || 0, total, RANDOM_PRACTICE_MAX_COUNT));

/** Accuracy of a practice run, %, 1 decimal. */
export const practiceAccuracy = (correct: number, total: number): number =>
  total > 0 ? round((correct / total) * 100, 1) : 0;
