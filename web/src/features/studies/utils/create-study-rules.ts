import type { Language } from '#shared/domain/language.js';
import { keyText as titleKey } from '#shared/domain/key-text.js';

export interface TitledStudy {
  title_ko?: string | null;
  title_en?: string | null;
}

export type StudyTitleError = 'titleRequired' | 'duplicateTitle';

/** docs/product.md#studies: the title is required, and must not equal (trimmed, any case) a title of the loaded list. */
export function studyTitleError(title: string, loaded: readonly TitledStudy[]): StudyTitleError | undefined {
  const key = titleKey(title);
  if (!key) return 'titleRequired';
  const taken = loaded.some((study) =>
    [study.title_ko, study.title_en].some(
      (existing) => typeof existing === 'string' && existing.trim() !== '' && titleKey(existing) === key,
    ),
  );
  return taken ? 'duplicateTitle' : undefined;
}

export interface StudyDraft {
  title: string;
  goal: string;
  start_date: string;
  end_date: string;
  is_public: boolean;
}

/** docs/product.md#studies: today as yyyy-mm-dd in the viewer's calendar (the default start date). */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function emptyStudyDraft(now = new Date()): StudyDraft {
  return { title: '', goal: '', start_date: today(now), end_date: '', is_public: true };
}

/**
 * docs/product.md#studies: creation sends only the current language's title and goal, and the dates only when
 * they are filled in.
 */
export function createStudyBody(draft: StudyDraft, language: Language) {
  return {
    is_public: draft.is_public,
    ...(language === 'ko'
      ? { title_ko: draft.title.trim(), goal_ko: draft.goal }
      : { title_en: draft.title.trim(), goal_en: draft.goal }),
    ...(draft.start_date ? { start_date: draft.start_date } : {}),
    ...(draft.end_date ? { end_date: draft.end_date } : {}),
  };
}

/** docs/product.md#studies: progress is a number from 0 to 100 (the text as typed). */
export function parseProgress(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 0 && value <= 100 ? value : null;
}
