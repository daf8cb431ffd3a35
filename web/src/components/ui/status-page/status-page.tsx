import type { ReactNode } from 'react';
import styles from './status-page.module.css';

/** The frame the status pages share: an icon, a heading, a sentence and actions. */
export function StatusPage(props: {
  icon: ReactNode;
  badge?: string;
  title: string;
  description: string;
  actions: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.page} data-testid={props.testId}>
      <div className={styles.card}>
        <div className={styles.icon} aria-hidden="true">
          {props.icon}
        </div>
        {props.badge && <span className={styles.badge}>{props.badge}</span>}
        <h1 className={styles.title}>{props.title}</h1>
        <p className={styles.description}>{props.description}</p>
        <div className={styles.actions}>{props.actions}</div>
      </div>
    </section>
  );
}

export { styles as statusPageStyles };
