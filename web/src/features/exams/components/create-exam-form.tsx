import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RANDOM_OPTIONS, type RandomOption } from '#shared/contracts/exams.js';
import { DIFFICULTIES } from '#shared/domain/difficulty.js';
import { SAMPLE_PROBLEMS_TEXT, parseProblems } from '#shared/domain/problem-parser.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { ConsentCheck } from '../../../components/ui/form/consent-check.js';
import { TextField } from '../../../components/ui/form/text-field.js';
import { Switch } from '../../../components/ui/switch/switch.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { allowsProblemPaste } from '../../../lib/host.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useQuestionFiles } from '../../question-files/index.js';
import { useDomainTag } from '../../tags/index.js';
import { createExam, type CreateExamBody } from '../api/create-exam.js';
import { useMyExamTitles } from '../api/get-exams.js';
import { useQuestionPoolCount } from '../api/get-question-pool-count.js';
import {
  DEFAULT_QUESTION_COUNT,
  countError,
  countForFile,
  maxCountFor,
  titleError,
  validateCreateExam,
  type CreateExamErrors,
  type TitledExam,
} from '../utils/create-exam-rules.js';
import styles from './exams.module.css';

type Difficulty = (typeof DIFFICULTIES)[number] | 'all';

export interface CreatedExam {
  id: string;
  title: string;
  questionCount: number;
  requested: number;
  reduced: boolean;
}

interface Props {
  isAdmin: boolean;
  /** Exams already on screen, checked for a duplicate title along with the user's own. */
  loadedExams?: readonly TitledExam[];
  onCreated?(exam: CreatedExam): void;
  testId?: string;
}

/**
 * The create form of spec 3 §2.1/§5 and spec 2 §2.5: title (required, not a duplicate),
 * description, file with its pool and the count up to its maximum (Max button), selection
 * (random, wrong only, most wrong), difficulty and the exam flags.
 */
export function CreateExamForm({ isAdmin, loadedExams = [], onCreated, testId = 'create-exam-form' }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { file: useId(), count: useId(), option: useId(), difficulty: useId(), description: useId(), problems: useId() };
  const files = useQuestionFiles();
  const mine = useMyExamTitles();
  const domainTag = useDomainTag();
  const pool = useQuestionPoolCount();

  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [fileId, setFileId] = useState('');
  const [count, setCount] = useState(String(DEFAULT_QUESTION_COUNT));
  const [option, setOption] = useState<RandomOption>('random');
  const [difficulty, setDifficulty] = useState<Difficulty>('all');
  // Exams are private by default; publishing private questions needs the consent below.
  const [isPublic, setIsPublic] = useState(false);
  const [privateConsent, setPrivateConsent] = useState(false);
  // Set when the server found private questions the form could not foresee (e.g. from the answer history).
  const [serverFoundPrivate, setServerFoundPrivate] = useState(false);
  const [forceAnswer, setForceAnswer] = useState(false);
  const [voiceMode, setVoiceMode] = useState(false);
  const [aiMockInterview, setAiMockInterview] = useState(false);
  const [isOriginal, setIsOriginal] = useState(true);
  // Spec 3 §5: on the leetcode host and local/development hosts, pasted problems can become the questions.
  const pasteAllowed = allowsProblemPaste();
  const [fromProblems, setFromProblems] = useState(false);
  const [problemText, setProblemText] = useState(SAMPLE_PROBLEMS_TEXT);
  const problems = fromProblems ? parseProblems(problemText) : [];
  const [errors, setErrors] = useState<CreateExamErrors>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedExam | null>(null);

  const fileList = files.data?.files ?? [];
  const file = fileList.find((f) => f.id === fileId) ?? null;
  const max = maxCountFor(file);
  const maxText = max.toLocaleString(currentLanguage() === 'ko' ? 'ko-KR' : 'en-US');
  const existing = [...(mine.data?.results ?? []), ...loadedExams];
  const mayHoldPrivate = !fromProblems && (file ? file.is_public === false : option !== 'random');
  const showConsent = isPublic && (mayHoldPrivate || serverFoundPrivate);

  const titleMessage = errors.title === 'required' ? t('exams.create.titleRequired') : errors.title === 'duplicate' ? t('exams.create.duplicateTitle') : null;
  const countMessage = errors.count === 'invalid' ? t('exams.create.countInvalid') : errors.count === 'max' ? t('exams.create.countMax', { max: maxText }) : null;

  const reset = () => {
    setTitle('');
    setDescription('');
    setErrors({});
    setCreated(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateCreateExam({ title, count, max, existing });
    // Pasted problems are the questions: no file, and the count is sent as 0 (spec 3 §5).
    const found = fromProblems ? { title: checked.title } : checked;
    setErrors(found);
    if (found.title === 'required') {
      toast.warning(t('exams.create.titleRequired'));
      return;
    }
    if (fromProblems && problems.length === 0) {
      toast.warning(t('exams.create.problemsNone'));
      return;
    }
    if (found.title || found.count) {
      toast.warning(t('exams.create.fixErrors'));
      return;
    }
    const body: CreateExamBody = {
      title: title.trim(),
      description: description.trim() || undefined,
      question_count: fromProblems ? 0 : Number(count.trim()),
      file_id: fromProblems ? null : (file?.id ?? null),
      file_name: fromProblems ? null : (file?.name ?? null),
      ...(fromProblems ? { parsed_problems: problems.map(({ id, title: name, difficulty: level, url }) => ({ id, title: name, difficulty: level, url })) } : {}),
      wrong_questions_only: option !== 'random',
      random_option: option,
      difficulty: difficulty === 'all' ? null : difficulty,
      is_public: isPublic,
      ...(showConsent && privateConsent ? { confirm_private_questions: true } : {}),
      force_answer: forceAnswer,
      voice_mode_enabled: voiceMode,
      ai_mock_interview: aiMockInterview,
      is_original: isAdmin ? isOriginal : true,
      creation_type: 'new',
      ...(domainTag ? { tags: [domainTag.id] } : {}),
    };
    setPending(true);
    try {
      const answer = await createExam(body);
      const result: CreatedExam = {
        id: answer.id,
        title: answer.exam.display_title || answer.exam.title || body.title!,
        questionCount: answer.question_count,
        requested: answer.requested_count,
        reduced: answer.reduced,
      };
      setCreated(result);
      if (answer.reduced) {
        toast.success(t('exams.create.created', { title: result.title }));
        toast.warning(answer.message || t('exams.create.reduced', { requested: answer.requested_count, count: answer.question_count }), 6000);
      } else {
        toast.success(`${t('exams.create.created', { title: result.title })}\n${answer.message}`);
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

  if (created) {
    return (
      <div className={styles.createdPanel} data-testid={`${testId}-result`} role="status">
        <p className={styles.createdTitle}>{t('exams.create.created', { title: created.title })}</p>
        <p className={styles.createdText}>{t('exams.create.result', { count: created.questionCount })}</p>
        {created.reduced && (
          <p className={styles.reducedNotice} data-testid="create-exam-reduced">
            {t('exams.create.reduced', { requested: created.requested, count: created.questionCount })}
          </p>
        )}
        <div className={form.actions}>
          <Link to={`/exam-detail/${created.id}`} className={`${button.button} ${button.primary}`} data-testid="created-exam-link">
            {t('exams.create.openDetail')}
          </Link>
          <Link to={`/take-exam/${created.id}`} className={`${button.button} ${button.secondary}`}>
            {t('exams.create.takeExam')}
          </Link>
          <button type="button" className={`${button.button} ${button.ghost}`} onClick={reset}>
            {t('exams.create.another')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate data-testid={testId}>
      <TextField
        label={t('exams.create.examTitle')}
        name="title"
        value={title}
        placeholder={t('exams.create.examTitlePlaceholder')}
        maxLength={200}
        required
        aria-required
        onChange={(value) => {
          setTitle(value);
          if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
        }}
        onBlur={() => setErrors((current) => ({ ...current, title: titleError(title, existing) }))}
        error={titleMessage}
      />

      <div className={form.field}>
        <label className={form.label} htmlFor={ids.description}>
          {t('exams.create.description')}
          <span className={form.optional}>{t('exams.create.optional')}</span>
        </label>
        <textarea
          id={ids.description}
          name="description"
          className={`${form.input} ${form.textarea}`}
          value={description}
          maxLength={5000}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>

      <div className={form.fieldGrid}>
        <div className={form.field}>
          <label className={form.label} htmlFor={ids.file}>
            {t('exams.create.file')}
          </label>
          <select
            id={ids.file}
            name="file"
            className={form.select}
            value={fileId}
            onChange={(event) => {
              const next = fileList.find((f) => f.id === event.target.value) ?? null;
              setFileId(next?.id ?? '');
              setCount(String(countForFile(next)));
              setErrors((current) => ({ ...current, count: undefined }));
            }}
            data-testid="create-exam-file"
          >
            <option value="">{files.data ? t('exams.create.noFile') : t('exams.create.filesLoading')}</option>
            {fileList.map((f) => (
              <option key={f.id} value={f.id}>
                {t('exams.create.fileOption', { name: f.name, count: f.question_count })}
              </option>
            ))}
          </select>
          <p className={form.hint} data-testid="create-exam-pool">
            {file ? t('exams.create.pool', { count: file.max_questions }) : t('exams.create.poolNone')}
            {!file && pool.data && <> {t('exams.create.poolTotal', { count: pool.data.count })}</>}
            {files.data && fileList.length === 0 && (
              <>
                {' '}
                <Link to="/question-files">{t('exams.create.uploadFile')}</Link>
              </>
            )}
          </p>
        </div>

        <div className={form.field}>
          <label className={form.label} htmlFor={ids.count}>
            {t('exams.create.questionCount')}
          </label>
          <div className={styles.countRow}>
            <input
              id={ids.count}
              name="question_count"
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              required
              className={form.input}
              value={count}
              onChange={(event) => {
                setCount(event.target.value);
                setErrors((current) => ({ ...current, count: countError(event.target.value, max) }));
              }}
              aria-invalid={countMessage ? true : undefined}
              aria-describedby={`${ids.count}-hint`}
              data-testid="create-exam-count"
            />
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              disabled={!file}
              onClick={() => {
                setCount(String(max));
                setErrors((current) => ({ ...current, count: undefined }));
              }}
              aria-label={t('exams.create.maxLabel', { max: maxText })}
              data-testid="create-exam-max"
            >
              {t('exams.create.max')}
            </button>
          </div>
          <p id={`${ids.count}-hint`} className={countMessage ? form.error : form.hint} role={countMessage ? 'alert' : undefined}>
            {countMessage ?? t('exams.create.countHint', { max: maxText })}
          </p>
        </div>

        <div className={form.field}>
          <label className={form.label} htmlFor={ids.option}>
            {t('exams.create.randomOption')}
          </label>
          <select
            id={ids.option}
            name="random_option"
            className={form.select}
            value={option}
            onChange={(event) => setOption(event.target.value as RandomOption)}
            aria-describedby={`${ids.option}-hint`}
            data-testid="create-exam-option"
          >
            {RANDOM_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`exams.create.randomOptions.${value}`)}
              </option>
            ))}
          </select>
          <p id={`${ids.option}-hint`} className={form.hint}>
            {t('exams.create.randomOptionHint')}
          </p>
        </div>

        <div className={form.field}>
          <label className={form.label} htmlFor={ids.difficulty}>
            {t('exams.create.difficulty')}
          </label>
          <select
            id={ids.difficulty}
            name="difficulty"
            className={form.select}
            value={difficulty}
            onChange={(event) => setDifficulty(event.target.value as Difficulty)}
            data-testid="create-exam-difficulty"
          >
            {(['all', ...DIFFICULTIES] as const).map((value) => (
              <option key={value} value={value}>
                {t(`exams.create.difficulties.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className={styles.flags}>
        <legend className={form.label}>{t('exams.create.flags')}</legend>
        <Switch checked={isPublic} onChange={setIsPublic} label={t('exams.create.isPublic')} description={t('exams.create.isPublicHint')} testId="create-exam-public" />
        {showConsent && (
          <ConsentCheck
            warning={t('exams.create.privateQuestionsWarning')}
            label={t('exams.create.privateQuestionsConfirm')}
            checked={privateConsent}
            onChange={setPrivateConsent}
            testId="create-exam-private-consent"
          />
        )}
        <Switch checked={forceAnswer} onChange={setForceAnswer} label={t('exams.create.forceAnswer')} description={t('exams.create.forceAnswerHint')} />
        <Switch checked={voiceMode} onChange={setVoiceMode} label={t('exams.create.voiceMode')} description={t('exams.create.voiceModeHint')} />
        <Switch checked={aiMockInterview} onChange={setAiMockInterview} label={t('exams.create.aiMockInterview')} description={t('exams.create.aiMockInterviewHint')} />
        {isAdmin && <Switch checked={isOriginal} onChange={setIsOriginal} label={t('exams.create.isOriginal')} description={t('exams.create.isOriginalHint')} />}
      </fieldset>

      {pasteAllowed && (
        <fieldset className={styles.flags} data-testid="create-exam-problems">
          <legend className={form.label}>{t('exams.create.problemsTitle')}</legend>
          <Switch
            checked={fromProblems}
            onChange={setFromProblems}
            label={t('exams.create.problemsToggle')}
            description={t('exams.create.problemsHint')}
            testId="create-exam-problems-toggle"
          />
          {fromProblems && (
            <div className={form.field}>
              <label className={form.label} htmlFor={ids.problems}>
                {t('exams.create.problemsText')}
              </label>
              <textarea
                id={ids.problems}
                className={form.input}
                rows={8}
                value={problemText}
                onChange={(event) => setProblemText(event.target.value)}
                aria-describedby={`${ids.problems}-count`}
                data-testid="create-exam-problems-text"
              />
              <p id={`${ids.problems}-count`} className={form.hint} aria-live="polite">
                {t('exams.create.problemsCount', { count: problems.length })}
              </p>
            </div>
          )}
        </fieldset>
      )}

      <div className={form.actions}>
        <button type="submit" className={`${button.button} ${button.primary}`} disabled={pending} data-testid="create-exam-submit">
          {pending ? t('exams.create.creating') : t('exams.create.submit')}
        </button>
      </div>
    </form>
  );
}
