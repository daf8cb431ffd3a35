import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RANDOM_OPTIONS, type RandomOption } from '#shared/contracts/exam-creation.js';
import { DIFFICULTIES } from '#shared/domain/difficulty.js';
import form from '../../../components/ui/form/form.module.css';
import type { ExamDifficulty } from '../utils/create-exam-rules.js';

interface SelectionFieldsProps {
  option: RandomOption;
  onOption(option: RandomOption): void;
  difficulty: ExamDifficulty;
  onDifficulty(difficulty: ExamDifficulty): void;
}

/** Which questions the exam takes from its pool: the selection (random, wrong only, most wrong) and the difficulty. */
export function SelectionFields({ option, onOption, difficulty, onDifficulty }: SelectionFieldsProps) {
  const { t } = useTranslation();
  const ids = { option: useId(), difficulty: useId() };
  return (
    <>
      <div className={form.field}>
        <label className={form.label} htmlFor={ids.option}>
          {t('exams.create.randomOption')}
        </label>
        <select
          id={ids.option}
          name="random_option"
          className={form.select}
          value={option}
          onChange={(event) => onOption(event.target.value as RandomOption)}
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
          onChange={(event) => onDifficulty(event.target.value as ExamDifficulty)}
          data-testid="create-exam-difficulty"
        >
          {(['all', ...DIFFICULTIES] as const).map((value) => (
            <option key={value} value={value}>
              {t(`exams.create.difficulties.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
