import type { Study, StudyTask } from '#shared/contracts/studies.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { studyProgressOf } from '#shared/domain/study-progress.js';

/** docs/product.md#studies: the current language's title, then the other's; `fallback` when neither. */
export function studyTitle(
  study: Pick<Study, 'title_ko' | 'title_en' | 'display_title'>,
  language: Language,
  fallback: string,
): string {
  return (
    pickLocalized(study as Record<string, unknown>, 'title', language).trim() || study.display_title?.trim() || fallback
  );
}

export function studyGoal(study: Pick<Study, 'goal_ko' | 'goal_en'>, language: Language): string {
  return pickLocalized(study as Record<string, unknown>, 'goal', language);
}

export function taskName(task: Pick<StudyTask, 'name_ko' | 'name_en' | 'name'>, language: Language): string {
  return pickLocalized(task as Record<string, unknown>, 'name', language).trim() || task.name;
}

/** "2026-11-01 ~ 2026-12-31", an open end as "2026-11-01 ~". */
export function studyPeriod(study: Pick<Study, 'start_date' | 'end_date'>, none: string): string {
  if (!study.start_date && !study.end_date) return none;
  return `${study.start_date ?? ''} ~ ${study.end_date ?? ''}`.trim();
}

/** docs/product.md#study-detail: progress as correct/total and a percent; the tasks' correct progress summed over their question counts. */
export function studyProgress(tasks: readonly StudyTask[]): { correct: number; total: number; percent: number } {
  return studyProgressOf(
    tasks.map((task) => ({ questions: task.exam?.questions ?? 0, correctProgress: task.correct_progress })),
  );
}

/** A study has ended when its end date lies before today (yyyy-mm-dd strings compare as dates). */
export function hasEnded(study: Pick<Study, 'end_date'>, today: string): boolean {
  return !!study.end_date && study.end_date < today;
}

/** The studies as the calendar shows them: the title in `language` (`untitled` when none), a missing date as null. */
export function calendarStudiesOf<S extends Study>(studies: readonly S[], language: Language, untitled: string) {
  return studies.map((study) => ({
    ...study,
    title: studyTitle(study, language, untitled),
    start_date: study.start_date ?? null,
    end_date: study.end_date ?? null,
  }));
}
