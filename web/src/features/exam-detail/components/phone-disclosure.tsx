import { useState, type ReactNode } from 'react';
import { LIMITS } from '#shared/domain/limits.js';
import styles from './exam-detail.module.css';

const onPhone = () =>
  typeof window !== 'undefined' && window.matchMedia(`(max-width: ${LIMITS.mobileWidthPx}px)`).matches;

interface Props {
  summary: ReactNode;
  testId: string;
  /** Open on phones too (the filters, when some are on: what narrows the list stays in sight). */
  openOnPhone?: boolean;
  children: ReactNode;
}

/**
 * Tools above the question list, open on wide screens and folded on phones (at 390 px
 * the list started below 1.3 screens of tools). The learner opens them with one tap.
 */
export function PhoneDisclosure({ summary, testId, openOnPhone = false, children }: Props) {
  const [open, setOpen] = useState(() => openOnPhone || !onPhone());
  return (
    <details
      className={styles.disclosure}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid={testId}
    >
      <summary className={styles.disclosureSummary}>{summary}</summary>
      <div className={styles.disclosureBody}>{children}</div>
    </details>
  );
}
