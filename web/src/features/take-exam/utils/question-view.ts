import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { cleanUrl } from '#shared/domain/question-url.js';
import { textFormat, type TextFormat } from '#shared/domain/rich-text.js';

/** A question as the screen shows it: every text in the current language, with fallback. */
export interface QuestionView {
  id: string;
  csvId: string;
  title: string;
  content: string;
  /** The correct answer in the current language (the other language, then the plain field, when missing). */
  answer: string;
  explanation: string;
  difficulty: string;
  url: string;
  groupId: string;
  /** How the texts are written (D130): legacy questions are plain. */
  format: TextFormat;
  /** A cloze card's number and whole note (D366): the answer side reveals it, the editor edits it. */
  cloze?: number;
  cloze_note?: string;
}

export function questionView(question: ExamQuestion, language: Language): QuestionView {
  const record = question as Record<string, unknown>;
  return {
    id: question.id,
    csvId: question.csv_id ?? '',
    title: pickLocalized(record, 'title', language),
    content: pickLocalized(record, 'content', language),
    answer: pickLocalized(record, 'answer', language),
    explanation: pickLocalized(record, 'explanation', language),
    difficulty: question.difficulty ?? 'Medium',
    url: cleanUrl(question.url),
    groupId: question.group_id ?? '',
    format: textFormat(question.format),
    ...(question.cloze !== undefined && question.cloze_note
      ? { cloze: question.cloze, cloze_note: question.cloze_note }
      : {}),
  };
}

/**
 * docs/product.md#take-exam: a translation is needed when the question's own text in the current language is
 * short: title under 3 characters or content under 10, after trimming.
 */
export function needsTranslation(question: ExamQuestion, language: Language): boolean {
  const title = String((question as Record<string, unknown>)[`title_${language}`] ?? '').trim();
  const content = String((question as Record<string, unknown>)[`content_${language}`] ?? '').trim();
  return title.length < 3 || content.length < 10;
}

/** docs/product.md#take-exam: the highest existing csv id plus one (numeric csv ids only; 1 when there is none). */
export function nextCsvId(questions: readonly Pick<ExamQuestion, 'csv_id'>[]): string {
  let max = 0;
  for (const question of questions) {
    const value = Number(question.csv_id);
    if (Number.isFinite(value) && value > max) max = Math.floor(value);
  }
  return String(max + 1);
}

/**
 * The notice of a missing translation is shown only when the rule above holds and the other
 * language does have the text (a genuinely short title such as "파드" is not a missing translation).
 */
export function showsTranslationNotice(question: ExamQuestion, language: Language): boolean {
  if (!needsTranslation(question, language)) return false;
  const other: Language = language === 'ko' ? 'en' : 'ko';
  return !needsTranslation(question, other);
}
