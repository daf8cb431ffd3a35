import { useState } from 'react';
import type { QuestionRow } from '../utils/question-rows.js';
import { toggled } from '../../../lib/selection.js';

/**
 * The ticked questions. A filter that hides a ticked row keeps it ticked, but only the shown ones
 * (`shownSelected`, in table order) count for the actions.
 */
export function useRowSelection(shown: QuestionRow[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const shownSelected = shown.filter((row) => selected.has(row.id));
  const toggle = (id: string) => setSelected((current) => toggled(current, id));
  const toggleAll = (select: boolean) => setSelected(select ? new Set(shown.map((row) => row.id)) : new Set());
  const clear = () => setSelected(new Set());
  return { selected, shownSelected, toggle, toggleAll, clear };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
