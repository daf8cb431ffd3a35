import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import type { SolvedValue } from '../utils/session-record.js';
import { joinChoices, splitChoices, type ChoiceOption, type InputForm } from '../utils/input-form.js';
import styles from './take-exam.module.css';

interface AnswerInputProps {
  inputForm: InputForm;
  options: ChoiceOption[];
  value: string;
  solved: SolvedValue | undefined;
  onChange(value: string): void;
  onSolved(value: SolvedValue): void;
  /** Ctrl+Enter (⌘+Enter) in the answer box. */
  onNext(): void;
}

/** The answer entry of docs/product.md#take-exam: Solved/Unsolved, radio, checkboxes or a textarea. */
export function AnswerInput({ inputForm, options, value, solved, onChange, onSolved, onNext }: AnswerInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onNext();
    }
  };

  if (inputForm === 'solved') {
    return (
      <div
        className={styles.solvedRow}
        role="group"
        aria-label={t('takeExam.question.answerLabel')}
        onKeyDown={onKeyDown}
      >
        {(['Y', 'N'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={`${button.button} ${choice === 'Y' ? styles.passButton : styles.failButton} ${button.secondary} ${solved === choice ? styles.selected : ''}`}
            aria-pressed={solved === choice}
            onClick={() => onSolved(choice)}
            data-testid={choice === 'Y' ? 'solved-button' : 'unsolved-button'}
          >
            {choice === 'Y' ? t('takeExam.question.solved') : t('takeExam.question.unsolved')}
          </button>
        ))}
      </div>
    );
  }

  if (inputForm === 'radio' || inputForm === 'checkbox') {
    const picked = splitChoices(value).map((part) => part.toLowerCase());
    const toggle = (key: string, on: boolean) => {
      if (inputForm === 'radio') return onChange(key);
      const next = on ? [...picked, key.toLowerCase()] : picked.filter((item) => item !== key.toLowerCase());
      onChange(
        joinChoices(
          next,
          options.map((option) => ({ ...option, key: option.key.toLowerCase() })),
        ),
      );
    };
    return (
      <fieldset className={styles.choices} onKeyDown={onKeyDown} data-testid="answer-choices">
        <legend className={styles.answerLabel}>{t('takeExam.question.choicesLabel')}</legend>
        {options.map((option) => {
          const checked = picked.includes(option.key.toLowerCase());
          return (
            <label key={option.key} className={styles.choice}>
              <input
                type={inputForm}
                name={`${id}-choice`}
                value={option.key}
                checked={checked}
                onChange={(event) => toggle(option.key, event.target.checked)}
              />
              <span>
                <span className={styles.choiceKey}>{option.key}.</span> {option.text}
              </span>
            </label>
          );
        })}
      </fieldset>
    );
  }

  return (
    <div className={styles.answerBox}>
      <label className={styles.answerLabel} htmlFor={`${id}-answer`}>
        {t('takeExam.question.answerLabel')}
      </label>
      <textarea
        id={`${id}-answer`}
        className={`${form.input} ${styles.textarea}`}
        value={value}
        placeholder={t('takeExam.question.answerPlaceholder')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="answer-input"
      />
    </div>
  );
}
