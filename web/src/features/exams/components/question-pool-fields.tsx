import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuestionFile } from '#shared/contracts/files.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import styles from './exams.module.css';

interface QuestionPoolFieldsProps {
  /** The user's files; empty while loading (`filesLoaded` false). */
  files: readonly QuestionFile[];
  filesLoaded: boolean;
  /** The chosen file's id as selected ('' for none). */
  fileId: string;
  file: QuestionFile | null;
  /** How many questions all files hold, once known: shown while no file is chosen. */
  poolCount: number | undefined;
  onFile(fileId: string): void;
  /** The count as typed. */
  count: string;
  max: number;
  /** `max` written for the page's language. */
  maxText: string;
  /** The count's error, in words; null when it is fine. */
  countMessage: string | null;
  onCount(count: string): void;
  onMax(): void;
}

/** Where the questions come from: the file with its pool, and how many to take (up to the file's maximum, Max button). */
export function QuestionPoolFields({
  files,
  filesLoaded,
  fileId,
  file,
  poolCount,
  onFile,
  count,
  max,
  maxText,
  countMessage,
  onCount,
  onMax,
}: QuestionPoolFieldsProps) {
  const { t } = useTranslation();
  const ids = { file: useId(), count: useId() };
  return (
    <>
      <div className={form.field}>
        <label className={form.label} htmlFor={ids.file}>
          {t('exams.create.file')}
        </label>
        <select
          id={ids.file}
          name="file"
          className={form.select}
          value={fileId}
          onChange={(event) => onFile(event.target.value)}
          data-testid="create-exam-file"
        >
          <option value="">{filesLoaded ? t('exams.create.noFile') : t('exams.create.filesLoading')}</option>
          {files.map((f) => (
            <option key={f.id} value={f.id}>
              {t('exams.create.fileOption', { name: f.name, count: f.question_count })}
            </option>
          ))}
        </select>
        <p className={form.hint} data-testid="create-exam-pool">
          {file ? t('exams.create.pool', { count: file.max_questions }) : t('exams.create.poolNone')}
          {!file && poolCount !== undefined && <> {t('exams.create.poolTotal', { count: poolCount })}</>}
          {filesLoaded && files.length === 0 && (
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
            onChange={(event) => onCount(event.target.value)}
            aria-invalid={countMessage ? true : undefined}
            aria-describedby={`${ids.count}-hint`}
            data-testid="create-exam-count"
          />
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            disabled={!file}
            onClick={onMax}
            aria-label={t('exams.create.maxLabel', { max: maxText })}
            data-testid="create-exam-max"
          >
            {t('exams.create.max')}
          </button>
        </div>
        <p
          id={`${ids.count}-hint`}
          className={countMessage ? form.error : form.hint}
          role={countMessage ? 'alert' : undefined}
        >
          {countMessage ?? t('exams.create.countHint', { max: maxText })}
        </p>
      </div>
    </>
  );
}
