import type { ReactNode } from 'react';
import styles from './card.module.css';

interface CardProps {
  title: string;
  description?: string;
  /** Right of the title: a badge or a small action. */
  aside?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
  testId?: string;
  id?: string;
}

/** A titled settings panel (profile sections, admin forms). */
export function Card({ title, description, aside, tone = 'default', children, testId, id }: CardProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      className={`${styles.card} ${tone === 'danger' ? styles.danger : ''}`}
      data-testid={testId}
      aria-labelledby={headingId}
    >
      <div className={styles.header}>
        <div>
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

export { styles as cardStyles };
