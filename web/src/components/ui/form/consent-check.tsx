import { useId } from 'react';
import form from './form.module.css';
import styles from './consent-check.module.css';

interface Props {
  /** What the choice exposes, read before the checkbox. */
  warning: string;
  /** The acknowledgement the user ticks. */
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  testId?: string;
}

/** A warning and the checkbox that acknowledges it; the checkbox is described by the warning for screen readers. */
export function ConsentCheck({ warning, label, checked, onChange, testId }: Props) {
  const id = useId();
  return (
    <div className={styles.consent} role="group" aria-labelledby={`${id}-warning`} data-testid={testId}>
      <p id={`${id}-warning`} className={styles.warning}>
        {warning}
      </p>
      <label className={styles.row}>
        <input
          type="checkbox"
          className={form.checkbox}
          checked={checked}
          aria-describedby={`${id}-warning`}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId ? `${testId}-check` : undefined}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}
