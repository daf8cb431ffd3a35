import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { DailyStudy, TaskStudyTime } from '#shared/contracts/study-progress.js';
import examsEn from '../../web/src/features/exams/i18n/en.js';
import examsKo from '../../web/src/features/exams/i18n/ko.js';
import progressEn from '../../web/src/features/study-progress/i18n/en.js';
import progressKo from '../../web/src/features/study-progress/i18n/ko.js';
import {
  accuracyOf,
  dashboardView,
  durationParts,
} from '../../web/src/features/study-progress/utils/dashboard-view.js';

/** The members table and the smaller read-back rules that have a pure piece. */

const task = (
  id: string,
  seconds: number,
  answered: number,
  correct: number,
  examId: string | null = `exam-${id}`,
): TaskStudyTime => ({
  task_id: id,
  task_name: `Task ${id}`,
  has_exam: examId !== null,
  exam_id: examId,
  exam_title: examId,
  study_time_seconds: seconds,
  study_time_minutes: Math.floor(seconds / 60),
  answered_count: answered,
  correct_count: correct,
});
const day = (date: string, seconds: number, answered: number, correct: number): DailyStudy => ({
  date,
  study_time_seconds: seconds,
  study_time_minutes: Math.floor(seconds / 60),
  answered_count: answered,
  correct_count: correct,
});

describe('the progress dashboard adds up', () => {
  const report = {
    summary: { total_tasks: 3, answered_count: 10, correct_count: 7, total_study_time_seconds: 745 },
    task_study_times: [task('a', 725, 10, 7), task('b', 20, 0, 0), task('c', 0, 0, 0, null)],
    daily_study_times: [day('2026-11-25', 0, 0, 0), day('2026-11-26', 20, 0, 0), day('2026-11-27', 725, 10, 7)],
  };

  test('cards are the sums of the days, and the tasks studied are the rows showing time or answers', () => {
    const view = dashboardView(report);
    expect(view.cards).toEqual({
      totalTasks: 3,
      studiedTasks: 2,
      answered: 10,
      correct: 7,
      accuracy: 70,
      seconds: 745,
      // All-time progress comes from the tasks' progress rows, which this report leaves out.
      progress: { correct: 0, percent: 0, total: 0 },
    });
    expect(view.cards.answered).toBe(view.days.reduce((sum, d) => sum + d.answered, 0));
    expect(view.cards.seconds).toBe(view.days.reduce((sum, d) => sum + d.seconds, 0));
    expect(view.cards.studiedTasks).toBe(view.tasks.filter((t) => t.seconds > 0 || t.answered > 0).length);
    // The server's own totals say the same.
    expect(view.cards.answered).toBe(report.summary.answered_count);
    expect(view.cards.correct).toBe(report.summary.correct_count);
    expect(view.cards.seconds).toBe(report.summary.total_study_time_seconds);
  });

  test('an accuracy never stands beside no answers: a task without answers has none, not 0 % or 70 %', () => {
    const view = dashboardView(report);
    expect(view.tasks.map((t) => t.accuracy)).toEqual([70, null, null]);
    expect(view.tasks.every((t) => (t.accuracy === null) === (t.answered === 0))).toBe(true);
    const idle = dashboardView({
      ...report,
      task_study_times: [task('a', 0, 0, 0)],
      daily_study_times: [day('2026-11-27', 0, 0, 0)],
    });
    expect(idle.cards).toMatchObject({ studiedTasks: 0, answered: 0, accuracy: null, seconds: 0 });
    expect(idle.activeDays).toEqual([]);
  });

  test('the daily table lists the days with time or answers, newest first; the chart every day', () => {
    const view = dashboardView(report);
    expect(view.days.map((d) => d.date)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(view.activeDays.map((d) => d.date)).toEqual(['2026-11-27', '2026-11-26']);
  });

  test('a recorded time never reads as 0 h 0 min', () => {
    expect(durationParts(0)).toEqual({ kind: 'none' });
    expect(durationParts(20)).toEqual({ kind: 'underMinute' });
    expect(durationParts(59)).toEqual({ kind: 'underMinute' });
    expect(durationParts(60)).toEqual({ kind: 'time', hours: 0, minutes: 1 });
    expect(durationParts(3 * 3600 + 125)).toEqual({ kind: 'time', hours: 3, minutes: 2 });
    expect(accuracyOf(2, 3)).toBe(67);
    expect(accuracyOf(0, 0)).toBeNull();
  });

  test('the Korean dashboard says 과제, as study detail does, never "Task"', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(texts);
    expect(texts(progressKo).filter((text) => /task/i.test(text))).toEqual([]);
    expect(texts(progressKo).filter((text) => text.includes('과제')).length).toBeGreaterThan(3);
    expect(progressEn.summary.studiedTasks).toBe('Tasks studied');
  });
});

/** WCAG 2.1 relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('smaller read-back rules', () => {
  test("the profile's verified and unverified badges have at least 4.5:1 contrast", () => {
    const css = readFileSync(
      new URL('../../web/src/features/profile/components/profile-page.module.css', import.meta.url),
      'utf8',
    );
    for (const name of ['verified', 'unverified']) {
      const block = new RegExp(`\\.${name} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      const background = /background: (#[0-9a-f]{6})/i.exec(block)?.[1];
      const color = /\bcolor: (#[0-9a-f]{6})/i.exec(block)?.[1];
      expect(background && color, `${name}: ${block}`).toBeTruthy();
      expect(contrast(color!, background!), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast('#15803d', '#e7f6ec')).toBeLessThan(4.5); // the old green, as the audit measured it
  });

  test("the create-exam Max button's accessible name starts with its visible label", () => {
    for (const texts of [examsEn, examsKo]) {
      expect(texts.create.maxLabel.replace('{{max}}', '120').startsWith(texts.create.max)).toBe(true);
    }
  });
});
