import type { DailyStudy, TaskStudyTime } from '#shared/contracts/study-progress.js';
import { studyProgressOf } from '#shared/domain/study-progress.js';

/**
 * The progress dashboard's numbers, every one computed here from one study-time
 * report — the period's days and tasks — so the cards, the charts and the tables cannot disagree:
 * the cards' answers and time are the days' sums, a task is "studied" when its row shows time or
 * answers, and each accuracy is the correct share of the answers beside it. Progress is all time and
 * computed as the study header computes it (D300), the card the sum of the rows.
 */
export interface StudyReport {
  summary: { total_tasks: number; answered_count: number; correct_count: number; total_study_time_seconds: number };
  task_study_times: readonly TaskStudyTime[];
  daily_study_times: readonly DailyStudy[];
  /** Each task's progress over all time (its exam's questions answered correctly at least once). */
  task_progress?: readonly { task_id: string; total_questions: number; correct_progress: number }[];
}

/** Correct questions of all, as the study header writes it (D300: one rule, studyProgressOf). */
export type Progress = ReturnType<typeof studyProgressOf>;

export interface TaskRow {
  id: string;
  name: string;
  examTitle: string | null;
  examId: string | null;
  seconds: number;
  answered: number;
  correct: number;
  /** Correct of answered, whole percent; null without answers. */
  accuracy: number | null;
  studied: boolean;
  /** All time, not the period: the header's progress for this task alone. */
  progress: Progress;
}

export interface DayRow {
  date: string;
  seconds: number;
  answered: number;
  correct: number;
}

export interface DashboardView {
  cards: {
    totalTasks: number;
    studiedTasks: number;
    answered: number;
    correct: number;
    accuracy: number | null;
    seconds: number;
    /** All time: the same figure as the study header's "Progress". */
    progress: Progress;
  };
  tasks: TaskRow[];
  /** Every day of the period, oldest first (the chart). */
  days: DayRow[];
  /** The days with time or answers, newest first (the table). */
  activeDays: DayRow[];
}

export const accuracyOf = (correct: number, answered: number): number | null =>
  answered > 0 ? Math.round((correct / answered) * 100) : null;

export function dashboardView(report: StudyReport): DashboardView {
  const days = report.daily_study_times.map((day) => ({
    date: day.date,
    seconds: day.study_time_seconds,
    answered: day.answered_count,
    correct: day.correct_count,
  }));
  const progressById = new Map(
    (report.task_progress ?? []).map((p) => [
      p.task_id,
      { questions: p.total_questions, correctProgress: p.correct_progress },
    ]),
  );
  const progressOf = (taskId: string) => progressById.get(taskId) ?? { questions: 0, correctProgress: 0 };
  const tasks = report.task_study_times.map((task) => ({
    id: task.task_id,
    name: task.task_name,
    examTitle: task.exam_title,
    examId: task.exam_id,
    seconds: task.study_time_seconds,
    answered: task.answered_count,
    correct: task.correct_count,
    accuracy: accuracyOf(task.correct_count, task.answered_count),
    studied: task.study_time_seconds > 0 || task.answered_count > 0,
    progress: studyProgressOf([progressOf(task.task_id)]),
  }));
  const sum = (field: 'seconds' | 'answered' | 'correct') => days.reduce((total, day) => total + day[field], 0);
  const answered = sum('answered');
  const correct = sum('correct');
  return {
    cards: {
      totalTasks: tasks.length,
      studiedTasks: tasks.filter((task) => task.studied).length,
      answered,
      correct,
      accuracy: accuracyOf(correct, answered),
      seconds: sum('seconds'),
      progress: studyProgressOf([...progressById.values()]),
    },
    tasks,
    days,
    activeDays: days.filter((day) => day.seconds > 0 || day.answered > 0).reverse(),
  };
}

/**
 * Seconds as the dashboard writes them: hours and minutes, and "under a minute" for a few seconds,
 * so a recorded time never reads as 0 h 0 min.
 */
export function durationParts(
  seconds: number,
): { kind: 'none' } | { kind: 'underMinute' } | { kind: 'time'; hours: number; minutes: number } {
  if (seconds <= 0) return { kind: 'none' };
  if (seconds < 60) return { kind: 'underMinute' };
  const minutes = Math.floor(seconds / 60);
  return { kind: 'time', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
