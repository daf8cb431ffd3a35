import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseProblems } from '#shared/domain/problem-parser.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useQuestionFiles } from '../../question-files/index.js';
import { useDomainTag } from '../../tags/index.js';
import { createExam, type CreateExamBody } from '../api/create-exam.js';
import { useMyExamTitles } from '../api/get-exams.js';
import { useQuestionPoolCount } from '../api/get-question-pool-count.js';
import {
  INITIAL_CREATE_EXAM_VALUES,
  countError,
  countForFile,
  createExamBody,
  maxCountFor,
  mayHoldPrivateQuestions,
  titleError,
  validateCreateExam,
  type CreateExamErrors,
  type CreateExamValues,
  type TitledExam,
} from '../utils/create-exam-rules.js';

export interface CreatedExam {
  id: string;
  title: string;
  questionCount: number;
  requested: number;
  reduced: boolean;
}

interface CreateExamFormInput {
  isAdmin: boolean;
  /** Exams already on screen, checked for a duplicate title along with the user's own. */
  loadedExams: readonly TitledExam[];
  onCreated?(exam: CreatedExam): void;
}

/** Files the create form's picker loads at most (the question-files screen pages through all of them). */
const PICKER_FILES = 500;

/** The picker offers the first PICKER_FILES files by name, a page (one request) at a time. */
function usePickerFiles() {
  const files = useQuestionFiles();
  const fileList = files.data?.files ?? [];
  const { hasMore, isLoadingMore, loadMore } = files;
  useEffect(() => {
    if (hasMore && !isLoadingMore && fileList.length < PICKER_FILES) void loadMore();
  }, [hasMore, isLoadingMore, fileList.length, loadMore]);
  return { files, fileList };
}

/** What the screen shows of the exam the server made. */
function createdExamOf(answer: Awaited<ReturnType<typeof createExam>>, body: CreateExamBody): CreatedExam {
  return {
    id: answer.id,
    title: answer.exam.display_title || answer.exam.title || body.title!,
    questionCount: answer.question_count,
    requested: answer.requested_count,
    reduced: answer.reduced,
  };
}

type PickerFile = ReturnType<typeof usePickerFiles>['fileList'][number];

/** Why the form is not sent (a toast's text key), or null when it may be. */
function refusalOf(found: CreateExamErrors, values: CreateExamValues, problems: readonly unknown[]): string | null {
  if (found.title === 'required') return 'exams.create.titleRequired';
  if (values.fromProblems && problems.length === 0) return 'exams.create.problemsNone';
  if (found.title || found.count) return 'exams.create.fixErrors';
  return null;
}

/**
 * The form's fields and their errors: the title checked on blur, the count as typed, a chosen file
 * setting the count to its question count.
 */
function useCreateExamFields(fileList: readonly PickerFile[], existing: readonly TitledExam[]) {
  const [values, setValues] = useState<CreateExamValues>(INITIAL_CREATE_EXAM_VALUES);
  const [errors, setErrors] = useState<CreateExamErrors>({});
  const file = fileList.find((f) => f.id === values.fileId) ?? null;
  const max = maxCountFor(file);

  /** Sets one field (the fields without a rule of their own). */
  const set =
    <K extends keyof CreateExamValues>(field: K) =>
    (value: CreateExamValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  const changeTitle = (title: string) => {
    set('title')(title);
    if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
  };

  const checkTitle = () => setErrors((current) => ({ ...current, title: titleError(values.title, existing) }));

  /** Choosing a file sets the count to the file's question count. */
  const chooseFile = (fileId: string) => {
    const next = fileList.find((f) => f.id === fileId) ?? null;
    setValues((current) => ({ ...current, fileId: next?.id ?? '', count: String(countForFile(next)) }));
    setErrors((current) => ({ ...current, count: undefined }));
  };

  const changeCount = (count: string) => {
    set('count')(count);
    setErrors((current) => ({ ...current, count: countError(count, max) }));
  };

  const takeMaxCount = () => {
    set('count')(String(max));
    setErrors((current) => ({ ...current, count: undefined }));
  };

  return {
    values,
    setValues,
    errors,
    setErrors,
    file,
    max,
    handlers: { set, changeTitle, checkTitle, chooseFile, changeCount, takeMaxCount },
  };
}

/**
 * The create form's state and its submit: the fields, their errors (title on blur, count as
 * typed, both on submit), the chosen file and its maximum, the private-questions consent, the
 * create call and the exam it made.
 */
export function useCreateExamForm({ isAdmin, loadedExams, onCreated }: CreateExamFormInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const { files, fileList } = usePickerFiles();
  const mine = useMyExamTitles();
  const domainTag = useDomainTag();
  const pool = useQuestionPoolCount();

  const existing = [...(mine.data?.results ?? []), ...loadedExams];
  const fields = useCreateExamFields(fileList, existing);
  const { values, setValues, errors, setErrors, file, max } = fields;
  // Set when the server found private questions the form could not foresee (e.g. from the answer history).
  const [serverFoundPrivate, setServerFoundPrivate] = useState(false);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedExam | null>(null);

  const problems = values.fromProblems ? parseProblems(values.problemText) : [];
  const showConsent = values.isPublic && (mayHoldPrivateQuestions(values, file) || serverFoundPrivate);

  /** After a create: another exam, with the same choices but a new title and description. */
  const reset = () => {
    setValues((current) => ({ ...current, title: '', description: '' }));
    setErrors({});
    setCreated(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateCreateExam({ title: values.title, count: values.count, max, existing });
    // Pasted problems are the questions: no file, and the count is sent as 0 (docs/product.md#creating-exams).
    const found = values.fromProblems ? { title: checked.title } : checked;
    setErrors(found);
    const refusal = refusalOf(found, values, problems);
    if (refusal) {
      toast.warning(t(refusal));
      return;
    }
    const body = createExamBody(values, {
      file,
      problems,
      isAdmin,
      domainTagId: domainTag?.id ?? null,
      confirmPrivate: showConsent && values.privateConsent,
    });
    setPending(true);
    try {
      const answer = await createExam(body);
      const result = createdExamOf(answer, body);
      setCreated(result);
      const createdText = t('exams.create.created', { title: result.title });
      if (answer.reduced) {
        toast.success(createdText);
        const reduced = t('exams.create.reduced', { requested: answer.requested_count, count: answer.question_count });
        toast.warning(answer.message || reduced, 6000);
      } else {
        toast.success(`${createdText}\n${answer.message}`);
      }
      onCreated?.(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'exam_title_taken') setErrors({ title: 'duplicate' });
      if (error instanceof ApiError && error.code === 'exam_title_required') setErrors({ title: 'required' });
      if (error instanceof ApiError && error.code === 'exam_private_questions_unconfirmed') setServerFoundPrivate(true);
      toast.error(serverDetailOr(error, t, t('exams.create.createFailed')));
    } finally {
      setPending(false);
    }
  };

  return {
    ...fields.handlers,
    values,
    errors,
    files,
    fileList,
    poolCount: pool.data?.count,
    file,
    max,
    problems,
    showConsent,
    pending,
    created,
    reset,
    onSubmit,
  };
}
