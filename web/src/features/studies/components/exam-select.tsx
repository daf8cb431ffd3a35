import { useTranslation } from 'react-i18next';
import form from '../../../components/ui/form/form.module.css';
import type { ExamOption } from '../hooks/use-exam-options.js';

interface Props {
  id?: string;
  value: string;
  options: readonly ExamOption[];
  /** The task's current exam, offered even when the lists do not hold it (another's private exam). */
  current?: ExamOption | null;
  onChange(examId: string): void;
  label?: string;
  testId?: string;
}

/** The exam dropdown of the task add form and the task row editor. */
export function ExamSelect({ id, value, options, current, onChange, label, testId }: Props) {
  const { t } = useTranslation();
  const all = current && !options.some((option) => option.id === current.id) ? [current, ...options] : options;
  return (
    <select
      id={id}
      className={form.select}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      data-testid={testId}
    >
      <option value="">{t('studies.tasks.chooseExam')}</option>
      {all.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
