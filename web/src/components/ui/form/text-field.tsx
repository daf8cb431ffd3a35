import { useId, type InputHTMLAttributes } from 'react';
import styles from './form.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown after the label, e.g. "(optional)". */
  optionalLabel?: string;
  hint?: string;
  error?: string | null;
}

/** A labelled input with an optional hint and an inline error wired to aria-describedby. */
export function TextField({
  label,
  value,
  onChange,
  optionalLabel,
  hint,
  error,
  id,
  className,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {optionalLabel && <span className={styles.optional}>{optionalLabel}</span>}
      </label>
      <input
        {...input}
        id={inputId}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
