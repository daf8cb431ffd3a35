import styles from './spinner.module.css';

interface SpinnerProps {
  label: string;
  /** `page` fills the viewport (start-up), `overlay` dims the page (language switch), `inline` sits in flow. */
  variant?: 'page' | 'overlay' | 'inline';
}

export function Spinner({ label, variant = 'inline' }: SpinnerProps) {
  return (
    <div className={`${styles.wrapper} ${styles[variant]}`} role="status" aria-live="polite" data-testid="spinner">
      <span className={styles.circle} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
