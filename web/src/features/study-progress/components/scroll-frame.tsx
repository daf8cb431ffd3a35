import type { ReactNode } from 'react';
import table from '../../../components/ui/data-table/data-table.module.css';

/**
 * A table's frame that scrolls sideways on a narrow screen: focusable and named, so a keyboard
 * user can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={table.wrap} data-scroll-x tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
