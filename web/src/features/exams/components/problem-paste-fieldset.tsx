import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import form from '../../../components/ui/form/form.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import styles from './exams.module.css';

interface ProblemPasteFieldsetProps {
  fromProblems: boolean;
  onFromProblems(on: boolean): void;
  text: string;
  onText(text: string): void;
  /** How many problems the text holds, as parsed. */
  problemCount: number;
}

/** Pasted problems as the exam's questions instead of a file (offered on the hosts that allow it). */
export function ProblemPasteFieldset({
  fromProblems,
  onFromProblems,
  text,
  onText,
  problemCount,
}: ProblemPasteFieldsetProps) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <fieldset className={styles.flags} data-testid="create-exam-problems">
      <legend className={form.label}>{t('exams.create.problemsTitle')}</legend>
      <Switch
        checked={fromProblems}
        onChange={onFromProblems}
        label={t('exams.create.problemsToggle')}
        description={t('exams.create.problemsHint')}
        testId="create-exam-problems-toggle"
      />
      {fromProblems && (
        <div className={form.field}>
          <label className={form.label} htmlFor={textId}>
            {t('exams.create.problemsText')}
          </label>
          <textarea
            id={textId}
            className={form.input}
            rows={8}
            value={text}
            onChange={(event) => onText(event.target.value)}
            aria-describedby={`${textId}-count`}
            data-testid="create-exam-problems-text"
          />
          <p id={`${textId}-count`} className={form.hint} aria-live="polite">
            {t('exams.create.problemsCount', { count: problemCount })}
          </p>
        </div>
      )}
    </fieldset>
  );
}
