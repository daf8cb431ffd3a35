import type { ReactNode } from 'react';
import styles from './screen.module.css';

interface ScreenHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons or links on the right (below the title on phones). */
  actions?: ReactNode;
  /** Extra class for the header, e.g. one that sets --screen-header-row-gap. */
  className?: string;
}

/** The title block of a work screen (results, question files, exams, user management). */
export function ScreenHeader({ title, subtitle, actions, className }: ScreenHeaderProps) {
  return (
    <header className={className ? `${styles.header} ${className}` : styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.headerActions}>{actions}</div>}
    </header>
  );
}
