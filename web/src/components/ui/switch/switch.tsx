import styles from './switch.module.css';

interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  description?: string;
  disabled?: boolean;
  testId?: string;
}

/** An on/off switch: a real checkbox (role switch) with its label, keyboard and screen-reader friendly. */
export function Switch({ checked, onChange, label, description, disabled, testId }: SwitchProps) {
  return (
    <label className={`${styles.row} ${disabled ? styles.disabled : ''}`}>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.input}
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </label>
  );
}
