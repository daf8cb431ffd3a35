import { hasCloze } from '#shared/domain/cloze.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import type { TextFormat } from '#shared/domain/rich-text.js';
import type { QuestionView } from './question-view.js';
import { cleanUrl } from '#shared/domain/question-url.js';

/** The edit and add form of docs/product.md#take-exam, as typed. */
export interface QuestionFormValues {
  csv_id: string;
  title: string;
  content: string;
  answer: string;
  explanation: string;
  difficulty: string;
  url: string;
  group_id: string;
  /** Plain (as typed) or Markdown (D130); a new question starts plain, the toolbar switches it. */
  format: TextFormat;
}

/** The edit form starts from the question as shown (current language). */
export function editFormValues(question: QuestionView): QuestionFormValues {
  // A cloze card is edited as its note, gaps and all (D370); its answer is its gap's.
  return {
    csv_id: question.csvId,
    title: question.title,
    content: question.cloze_note ?? question.content,
    answer: question.cloze_note ? '' : question.answer,
    explanation: question.explanation,
    difficulty: normalizeDifficulty(question.difficulty),
    url: question.url,
    group_id: question.groupId,
    format: question.format,
  };
}

/** A new question: the next csv id, Medium (docs/product.md#take-exam). */
export function addFormValues(nextCsvId: string): QuestionFormValues {
  return {
    csv_id: nextCsvId,
    title: '',
    content: '',
    answer: '',
    explanation: '',
    difficulty: 'Medium',
    url: '',
    group_id: '',
    format: 'plain',
  };
}

/** True when a required field (title, content, answer) is blank. */
export function questionFormProblem(values: QuestionFormValues): boolean {
  // A cloze note's answers are its gaps.
  const answered = values.answer.trim() !== '' || hasCloze(values.content);
  return !values.title.trim() || !values.content.trim() || !answered;
}

/** The request body; on edit a blank explanation is sent as a single space (docs/product.md#take-exam). */
export function questionFormBody(values: QuestionFormValues, mode: 'edit' | 'add') {
  const explanation = values.explanation.trim() ? values.explanation : mode === 'edit' ? ' ' : '';
  return {
    csv_id: values.csv_id.trim(),
    title: values.title.trim(),
    content: values.content,
    answer: values.answer,
    explanation,
    difficulty: normalizeDifficulty(values.difficulty),
    url: cleanUrl(values.url),
    group_id: values.group_id.trim(),
    format: values.format,
  };
}
