import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

/** The centred card the login and registration screens share. */
export function AuthCard(props: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
  testId: string;
  wide?: boolean;
}) {
  return (
    <section className={styles.page} data-testid={props.testId}>
      <div className={`${styles.card} ${props.wide ? styles.wide : ''}`}>
        <header className={styles.header}>
          <h1 className={styles.title}>{props.title}</h1>
          <p className={styles.subtitle}>{props.subtitle}</p>
        </header>
        {props.children}
        <footer className={styles.footer}>{props.footer}</footer>
      </div>
    </section>
  );
}

/** "or" between the form and the Google button. */
export function AuthDivider({ label }: { label: string }) {
  return (
    <div className={styles.divider} role="separator">
      <span>{label}</span>
    </div>
  );
}
