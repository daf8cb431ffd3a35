import { useId, type ReactNode } from 'react';
import styles from './question-files.module.css';

/**
 * A titled list that scrolls inside a frame when long. The frame is a named region in the tab
 * order, so the keyboard can reach and scroll it (axe: scrollable-region-focusable).
 */
export function ScrollList({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className={styles.reportHeading}>
        {title}
      </h3>
      <div className={styles.scrollList} tabIndex={0} role="region" aria-labelledby={headingId}>
        <ul className={styles.reportList} data-testid={testId}>
          {children}
        </ul>
      </div>
    </div>
  );
}
