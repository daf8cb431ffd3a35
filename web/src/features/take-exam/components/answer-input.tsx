import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { useFocusWhenDrawn } from '../../../lib/use-focus-when-drawn.js';
import { yesNoValue } from '#shared/domain/answer-check.js';
import { joinChoices, splitChoices, type ChoiceOption, type InputForm } from '#shared/domain/input-form.js';
import { plainText, type TextFormat } from '#shared/domain/rich-text.js';
import styles from './take-exam.module.css';

interface AnswerInputProps {
  inputForm: InputForm;
  options: readonly ChoiceOption[];
  value: string;
  onChange(value: string): void;
  /** A Y/N question: true or false was picked (the answer is graded at once). */
  onYesNo(value: 'Y' | 'N'): void;
  /** Moves the focus here when the question opens (keyboard first). */
  autoFocus?: boolean;
  /** The question's format: a Markdown question's choices are shown in their plain form (no `\#`). */
  format?: TextFormat;
}

/**
 * The answer entry: true/false for Y/N questions (O / X), radio buttons or checkboxes for
 * choices (1–4 / A–D), else a text box (Enter submits, Shift+Enter is a new line). The keys
 * themselves are read by the question's keyboard hook (utils/answer-keys).
 */
export function AnswerInput({
  inputForm,
  options,
  value,
  onChange,
  onYesNo,
  autoFocus = false,
  format,
}: AnswerInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const first = useRef<HTMLElement | null>(null);
  useFocusWhenDrawn(first, autoFocus);

  if (inputForm === 'yesno') {
    const picked = yesNoValue(value);
    return (
      <div
        className={styles.solvedRow}
        role="group"
        aria-label={t('takeExam.question.trueFalse')}
        data-testid="answer-yesno"
      >
        {(['Y', 'N'] as const).map((choice) => (
          <button
            key={choice}
            ref={choice === 'Y' ? (element) => void (first.current = element) : undefined}
            type="button"
            className={`${button.button} ${choice === 'Y' ? styles.passButton : styles.failButton} ${button.secondary} ${picked === choice ? styles.selected : ''}`}
            aria-pressed={picked === choice}
            onClick={() => onYesNo(choice)}
            data-testid={choice === 'Y' ? 'answer-true' : 'answer-false'}
          >
            {choice === 'Y' ? t('takeExam.question.true') : t('takeExam.question.false')}
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
      <fieldset className={styles.choices} data-testid="answer-choices">
        <legend className={styles.answerLabel}>{t('takeExam.question.choicesLabel')}</legend>
        {options.map((option, place) => {
          const checked = picked.includes(option.key.toLowerCase());
          return (
            <label key={option.key} className={styles.choice}>
              <input
                ref={place === 0 ? (element) => void (first.current = element) : undefined}
                type={inputForm}
                name={`${id}-choice`}
                value={option.key}
                checked={checked}
                onChange={(event) => toggle(option.key, event.target.checked)}
                data-testid="answer-choice"
              />
              <span>
                <span className={styles.choiceKey}>{option.key}.</span> {plainText(option.text, format)}
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
        ref={(element) => void (first.current = element)}
        id={`${id}-answer`}
        className={`${form.input} ${styles.textarea}`}
        value={value}
        placeholder={t('takeExam.question.answerPlaceholder')}
        onChange={(event) => onChange(event.target.value)}
        data-testid="answer-input"
      />
    </div>
  );
}
