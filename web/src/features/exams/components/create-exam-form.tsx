import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { allowsProblemPaste } from '../../../lib/host.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useCreateExamForm, type CreatedExam } from '../hooks/use-create-exam-form.js';
import type { TitledExam } from '../utils/create-exam-rules.js';
import { CreatedExamPanel } from './created-exam-panel.js';
import { ExamFlagsFieldset } from './exam-flags-fieldset.js';
import { ProblemPasteFieldset } from './problem-paste-fieldset.js';
import { QuestionPoolFields } from './question-pool-fields.js';
import { SelectionFields } from './selection-fields.js';

interface Props {
  isAdmin: boolean;
  /** Exams already on screen, checked for a duplicate title along with the user's own. */
  loadedExams?: readonly TitledExam[];
  onCreated?(exam: CreatedExam): void;
  testId?: string;
}

/**
 * The create form of docs/product.md#exam-management, #creating-exams: title (required, not a duplicate),
 * description, file with its pool and the count up to its maximum (Max button), selection
 * (random, wrong only, most wrong), difficulty and the exam flags. Its state and submit are
 * `useCreateExamForm`; the field groups are the components beside it.
 */
export function CreateExamForm({ isAdmin, loadedExams = [], onCreated, testId = 'create-exam-form' }: Props) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const exam = useCreateExamForm({ isAdmin, loadedExams, onCreated });
  const { values, set, errors } = exam;
  // docs/product.md#creating-exams: on the leetcode host and local/development hosts, pasted problems can become the questions.
  const pasteAllowed = allowsProblemPaste();
  const maxText = exam.max.toLocaleString(currentLanguage() === 'ko' ? 'ko-KR' : 'en-US');

  const titleMessage =
    errors.title === 'required'
      ? t('exams.create.titleRequired')
      : errors.title === 'duplicate'
        ? t('exams.create.duplicateTitle')
        : null;
  const countMessage =
    errors.count === 'invalid'
      ? t('exams.create.countInvalid')
      : errors.count === 'max'
        ? t('exams.create.countMax', { max: maxText })
        : null;

  if (exam.created)
    return <CreatedExamPanel created={exam.created} testId={`${testId}-result`} onAnother={exam.reset} />;

  return (
    <form className={form.form} onSubmit={(event) => void exam.onSubmit(event)} noValidate data-testid={testId}>
      <TextField
        label={t('exams.create.examTitle')}
        name="title"
        value={values.title}
        placeholder={t('exams.create.examTitlePlaceholder')}
        maxLength={200}
        required
        aria-required
        onChange={exam.changeTitle}
        onBlur={exam.checkTitle}
        error={titleMessage}
      />

      <div className={form.field}>
        <label className={form.label} htmlFor={descriptionId}>
          {t('exams.create.description')}
          <span className={form.optional}>{t('exams.create.optional')}</span>
        </label>
        <textarea
          id={descriptionId}
          name="description"
          className={`${form.input} ${form.textarea}`}
          value={values.description}
          maxLength={5000}
          rows={2}
          onChange={(event) => set('description')(event.target.value)}
        />
      </div>

      <div className={form.fieldGrid}>
        <QuestionPoolFields
          files={exam.fileList}
          filesLoaded={!!exam.files.data}
          fileId={values.fileId}
          file={exam.file}
          poolCount={exam.poolCount}
          onFile={exam.chooseFile}
          count={values.count}
          max={exam.max}
          maxText={maxText}
          countMessage={countMessage}
          onCount={exam.changeCount}
          onMax={exam.takeMaxCount}
        />
        <SelectionFields
          option={values.option}
          onOption={set('option')}
          difficulty={values.difficulty}
          onDifficulty={set('difficulty')}
        />
      </div>

      <ExamFlagsFieldset values={values} onChange={set} showConsent={exam.showConsent} isAdmin={isAdmin} />

      {pasteAllowed && (
        <ProblemPasteFieldset
          fromProblems={values.fromProblems}
          onFromProblems={set('fromProblems')}
          text={values.problemText}
          onText={set('problemText')}
          problemCount={exam.problems.length}
        />
      )}

      <div className={form.actions}>
        <button
          type="submit"
          className={`${button.button} ${button.primary}`}
          disabled={exam.pending}
          data-testid="create-exam-submit"
        >
          {exam.pending ? t('exams.create.creating') : t('exams.create.submit')}
        </button>
      </div>
    </form>
  );
}
