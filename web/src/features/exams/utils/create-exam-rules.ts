import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exams.js';
import { keyText as titleKey } from '#shared/domain/key-text.js';

/** Spec 2 §9: the first create form starts at 10 questions. */
export const DEFAULT_QUESTION_COUNT = 10;

export interface TitledExam {
  title?: string | null;
  title_ko?: string | null;
  title_en?: string | null;
}

/** Spec 3 §5: a title equal to any loaded exam's title, title_ko or title_en. */
export function isDuplicateTitle(title: string, exams: readonly TitledExam[]): boolean {
  const key = titleKey(title);
  if (!key) return false;
  return exams.some((exam) => [exam.title, exam.title_ko, exam.title_en].some((t) => typeof t === 'string' && t.trim() !== '' && titleKey(t) === key));
}

/** Choosing a file sets the count to its question count (within the exam cap); no file sets it to 0 (spec 3 §5). */
export function countForFile(file: { question_count: number } | null): number {
  return file ? Math.min(file.question_count, MAX_EXAM_QUESTIONS) : 0;
}

/** The largest count the form accepts: the selected file's maximum, else the server's cap. */
export function maxCountFor(file: { max_questions: number } | null): number {
  return file ? Math.min(file.max_questions, MAX_EXAM_QUESTIONS) : MAX_EXAM_QUESTIONS;
}

export type TitleError = 'required' | 'duplicate';
export type CountError = 'invalid' | 'max';

export interface CreateExamErrors {
  title?: TitleError;
  count?: CountError;
}

export function titleError(title: string, existing: readonly TitledExam[]): TitleError | undefined {
  if (title.trim() === '') return 'required';
  if (isDuplicateTitle(title, existing)) return 'duplicate';
  return undefined;
}

/** A whole number from 0 to `max`; the text as typed in the number input. */
export function countError(text: string, max: number): CountError | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  if (Number(trimmed) > max) return 'max';
  return undefined;
}

export function validateCreateExam(input: { title: string; count: string; max: number; existing: readonly TitledExam[] }): CreateExamErrors {
  const errors: CreateExamErrors = {};
  const title = titleError(input.title, input.existing);
  if (title) errors.title = title;
  const count = countError(input.count, input.max);
  if (count) errors.count = count;
  return errors;
}
