import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import type { RandomOption } from '#shared/contracts/exam-creation.js';
import type { DIFFICULTIES } from '#shared/domain/difficulty.js';
import { keyText as titleKey } from '#shared/domain/key-text.js';
import { SAMPLE_PROBLEMS_TEXT, type ParsedProblem } from '#shared/domain/problem-parser.js';
import type { CreateExamBody } from '../api/create-exam.js';

/** docs/product.md#limits: the first create form starts at 10 questions. */
export const DEFAULT_QUESTION_COUNT = 10;

export interface TitledExam {
  title?: string | null;
  title_ko?: string | null;
  title_en?: string | null;
}

/** docs/product.md#creating-exams: a title equal to any loaded exam's title, title_ko or title_en. */
export function isDuplicateTitle(title: string, exams: readonly TitledExam[]): boolean {
  const key = titleKey(title);
  if (!key) return false;
  return exams.some((exam) =>
    [exam.title, exam.title_ko, exam.title_en].some(
      (t) => typeof t === 'string' && t.trim() !== '' && titleKey(t) === key,
    ),
  );
}

/** Choosing a file sets the count to its question count (within the exam cap); no file sets it to 0 (docs/product.md#creating-exams). */
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

export function validateCreateExam(input: {
  title: string;
  count: string;
  max: number;
  existing: readonly TitledExam[];
}): CreateExamErrors {
  const errors: CreateExamErrors = {};
  const title = titleError(input.title, input.existing);
  if (title) errors.title = title;
  const count = countError(input.count, input.max);
  if (count) errors.count = count;
  return errors;
}

export type ExamDifficulty = (typeof DIFFICULTIES)[number] | 'all';

/** The create form's fields as the user left them. */
export interface CreateExamValues {
  title: string;
  description: string;
  fileId: string;
  /** The question count as typed in the number input. */
  count: string;
  option: RandomOption;
  difficulty: ExamDifficulty;
  isPublic: boolean;
  /** The creator's consent to publish questions of a private file (asked only when that may happen). */
  privateConsent: boolean;
  forceAnswer: boolean;
  voiceMode: boolean;
  aiMockInterview: boolean;
  isOriginal: boolean;
  /** Pasted problems become the questions, instead of a file. */
  fromProblems: boolean;
  problemText: string;
}

export const INITIAL_CREATE_EXAM_VALUES: CreateExamValues = {
  title: '',
  description: '',
  fileId: '',
  count: String(DEFAULT_QUESTION_COUNT),
  option: 'random',
  difficulty: 'all',
  // Exams are private by default; publishing private questions needs the consent.
  isPublic: false,
  privateConsent: false,
  forceAnswer: false,
  voiceMode: false,
  aiMockInterview: false,
  isOriginal: true,
  fromProblems: false,
  problemText: SAMPLE_PROBLEMS_TEXT,
};

/**
 * Whether the exam may hold questions of a private file, as far as the form can tell: a private
 * file, or a wrong-answer selection (it draws on the answer history). Pasted problems never do.
 */
export function mayHoldPrivateQuestions(
  values: Pick<CreateExamValues, 'fromProblems' | 'option'>,
  file: { is_public: boolean } | null,
): boolean {
  return !values.fromProblems && (file ? file.is_public === false : values.option !== 'random');
}

interface BodyContext {
  file: { id: string; name: string } | null;
  problems: readonly ParsedProblem[];
  isAdmin: boolean;
  domainTagId: string | null;
  /** The consent was asked and given. */
  confirmPrivate: boolean;
}

/** The create call's body. Pasted problems are the questions: no file, and the count is sent as 0. */
export function createExamBody(
  values: CreateExamValues,
  { file, problems, isAdmin, domainTagId, confirmPrivate }: BodyContext,
): CreateExamBody {
  const { fromProblems, option, difficulty } = values;
  return {
    title: values.title.trim(),
    description: values.description.trim() || undefined,
    question_count: fromProblems ? 0 : Number(values.count.trim()),
    file_id: fromProblems ? null : (file?.id ?? null),
    file_name: fromProblems ? null : (file?.name ?? null),
    ...(fromProblems
      ? {
          parsed_problems: problems.map(({ id, title: name, difficulty: level, url }) => ({
            id,
            title: name,
            difficulty: level,
            url,
          })),
        }
      : {}),
    wrong_questions_only: option !== 'random',
    random_option: option,
    difficulty: difficulty === 'all' ? null : difficulty,
    is_public: values.isPublic,
    ...(confirmPrivate ? { confirm_private_questions: true } : {}),
    force_answer: values.forceAnswer,
    voice_mode_enabled: values.voiceMode,
    ai_mock_interview: values.aiMockInterview,
    is_original: isAdmin ? values.isOriginal : true,
    creation_type: 'new',
    ...(domainTagId ? { tags: [domainTagId] } : {}),
  };
}
